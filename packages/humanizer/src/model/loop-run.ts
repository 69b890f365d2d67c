import { detect } from '../detector.ts';
import type {
  AimOptions,
  AimResult,
  FallbackReason,
  LlmConfig,
  Mode,
  ProgressEvent,
  WritingOptions,
} from '../types.ts';
import { checkFaithful, splitSentences, type Faithfulness } from './faithfulness/index.ts';
import type { SecondReading } from '../meaning-report.ts';
import { judgeAndRepair, type Dispute, type Repair } from './sentence-repair.ts';
import { squash, toAsk, toHearLeftOut } from './second-opinion.ts';
import type { Contest } from './consensus.ts';
import { ModelClient, ProviderError, toProviderError } from './client.ts';
import {
  buildModelDoc,
  checkRoundSentence,
  requiredSpans,
  restore,
  toPlaceholders,
  type ModelDoc,
  type Restored,
} from './placeholders.ts';
import { SYSTEM, fullTextPrompt, leftOutPrompt, parseVerdicts, secondOpinionPrompt } from './prompts.ts';

export interface LoopOpts {
  mode: Mode;
  seed: number;
  secondPass?: boolean;
  /** A second pass must not return this text again (the first result). */
  avoidText?: string;
  llm: LlmConfig;
  writing?: WritingOptions;
  scoreBefore: number;
  /** False for text the detector cannot read (not English): candidates are then chosen on content kept. */
  scored?: boolean;
  progress: (e: ProgressEvent) => void;
  signal?: AbortSignal;
  /** Deep: choose among the faithful candidates by this outside detector's score (Lightning ignores it). */
  aim?: AimOptions;
}

/** What every loop result reports, success or not. */
export interface LoopUsage {
  tokensUsed: number;
  tokensIn: number;
  tokensOut: number;
  /** Model answers received (each checked). */
  candidates: number;
  model: string;
  /** The best-scoring answer changed the meaning and was set aside. */
  guardRejected: boolean;
  /** The reason of every draft set aside by the checks (a drift kind or a structural reason), in order. */
  setAside: string[];
}

/**
 * One run of the model loop: the client and its budget, the document the model sees, and what every step
 * records (answers received, drafts set aside and why, provider errors). The steps are in `loop.ts`.
 */

/** A checked answer: structure restored, meaning judged, failing sentences repaired. */
export type Candidate = Restored & {
  repairs: Repair[];
  /** The model's answer before repair, and its judgement (for the optional second opinion). */
  answer?: string;
  doubts?: Faithfulness;
  /** Sentences the other drafts contradict (Deep), repaired with the rest. */
  contests?: Contest[];
  /**
   * What the second opinion disputed so far, repaired with the rest: answer sentences, and sentences of the text
   * left out.
   */
  disputed?: Dispute[];
};

/** Each repaired sentence weighs this many detector points against a candidate when choosing the best. */
const REPAIR_PENALTY = 3;
/** At most this many second-opinion calls per run, whatever the configuration asks. */
const MAX_SECOND_OPINIONS = 6;
/** Sentences heard by the second opinion in one call. */
export const SENTENCES_PER_OPINION = 8;
/** A second-opinion call is made only with this much of the budget left (ms). */
const OPINION_BUDGET_MS = 8_000;

/** The short category of a provider failure, for the operator's fallback counts. */
function failureCategory(e: ProviderError): FallbackReason {
  if (e.kind === 'http') return e.status === 429 ? 'rate-limited' : 'provider-error';
  if (e.kind === 'timeout' || e.kind === 'deadline') return 'timeout';
  if (e.kind === 'malformed') return 'malformed';
  if (e.kind === 'aborted') return 'aborted';
  return 'unreachable';
}

/** The short reason of a draft the structural checks set aside, for the operator's counts. */
function structuralReason(reason: string): string {
  if (/^empty/.test(reason)) return 'empty';
  if (/placeholder|span/.test(reason)) return 'protected-span';
  return 'structure';
}

export const normalized = (t: string): string => t.replace(/\s+/g, ' ').trim();

export class LoopRun {
  readonly deep: boolean;
  readonly mode: Mode;
  readonly writing?: WritingOptions;
  readonly client: ModelClient;
  readonly doc: ModelDoc;
  /** Every protected span must come back verbatim; a lost one sends its sentence to repair. */
  readonly spanTexts: string[];
  readonly model: string;
  readonly scored: boolean;
  readonly errors: string[] = [];
  readonly errorKinds: FallbackReason[] = [];
  readonly rejections: string[] = [];
  answers = 0;
  /** Answers set aside by the faithfulness guard (they passed the structural checks). */
  readonly drifted: string[] = [];
  /** Why each draft was set aside (reported only; the choice of answer does not read it). */
  readonly setAside: string[] = [];
  private secondOpinionsLeft: number;
  /**
   * Second-opinion verdicts by rewritten sentence (candidates often share sentences): true = disputed, false =
   * found the same, null = asked but not answered (not asked again).
   */
  private readonly verdicts = new Map<string, boolean | null>();
  /** Detector scores by text: candidates are weighed again as the second opinion changes them. */
  private readonly scores = new Map<string, number>();
  /** 'Humanize again': the first result, which this run must not return. */
  private readonly avoid: string | null;

  constructor(
    readonly text: string,
    readonly o: LoopOpts,
  ) {
    this.deep = o.mode === 'deep';
    this.mode = o.mode;
    this.writing = o.writing;
    const deep = this.deep;
    const budget = Math.min(o.llm.deadlineMs ?? (deep ? 60_000 : 30_000), deep ? 60_000 : 60_000);
    this.client = new ModelClient(
      { ...o.llm, callTimeoutMs: o.llm.callTimeoutMs ?? (deep ? 25_000 : 20_000) },
      Date.now() + budget,
      o.signal,
    );
    this.doc = buildModelDoc(text);
    this.spanTexts = requiredSpans(this.doc);
    this.model = (deep ? o.llm.modelDeep : o.llm.modelLightning) ?? o.llm.model;
    this.secondOpinionsLeft = Math.max(0, Math.min(MAX_SECOND_OPINIONS, o.llm.secondOpinionCalls ?? 0));
    this.scored = o.scored !== false;
    this.avoid = o.avoidText !== undefined ? normalized(o.avoidText) : null;
  }

  /** Whether a text differs from the first result ('Humanize again'). */
  differs(t: string): boolean {
    return this.avoid === null || normalized(t) !== this.avoid;
  }

  /** The judgement of an answer against the user's text, with this run's mode and spans. */
  judge(answer: string): Faithfulness {
    return checkFaithful(this.text, answer, this.mode, this.spanTexts);
  }

  /** A provider failure recorded (its message only). */
  providerFailed(err: unknown): void {
    this.errors.push(toProviderError(err).message);
  }

  /** One full-text draft: asked for, restored, judged and repaired; null when the provider gave no answer. */
  async attempt(
    p: { name: string; temperature: number; instruction: string },
    stream: boolean,
    tempShift = 0,
  ): Promise<Candidate | null> {
    try {
      const r = await this.client.complete({
        system: SYSTEM,
        prompt: fullTextPrompt(p.instruction, this.doc.modelText, this.writing),
        temperature: Math.min(1.3, p.temperature + tempShift),
        model: this.model,
        stream,
      });
      this.answers++;
      // Structure here (placeholders, markdown); meaning, facts and length in the faithfulness check.
      const res = restore(this.doc, r.text, { minRecall: 0, maxLengthDelta: Infinity, meaning: 'delegated' });
      if (!res.ok) {
        this.rejections.push(`${p.name}: ${res.reason}`);
        this.setAside.push(structuralReason(res.reason ?? ''));
        return { ...res, repairs: [] };
      }
      const f = judgeAndRepair(this.text, res.text, this.mode, this.spanTexts);
      if (!f.ok) {
        this.rejections.push(`${p.name}: meaning changed (${f.reason})`);
        this.drifted.push(res.text);
        this.setAside.push(f.drift);
        return { ...res, ok: false, reason: `meaning changed (${f.reason})`, repairs: [] };
      }
      return { ...res, text: f.text, repairs: f.repairs, answer: res.text, doubts: f.judgement };
    } catch (err) {
      const e = toProviderError(err);
      this.errors.push(e.message);
      this.errorKinds.push(failureCategory(e));
      if (e.kind === 'aborted') throw e;
      return null;
    }
  }

  /**
   * What the second opinion disputes in a judgement, of the delivered text: first the answer sentences (asking only
   * about sentences not heard yet, in the order of `toAsk`, of those still in the delivered text), then the
   * sentences of the text it leaves out whole (`toHearLeftOut`, beside the passage where they would stand), eight
   * to a call while the budget lasts.
   */
  async disputes(j: Faithfulness, delivered: string): Promise<Dispute[]> {
    const sentenceOf = (k: number): string => j.answerSentences[k]?.text ?? '';
    const asked = toAsk(j, delivered);
    const rewritten = await this.hear(
      asked.map((k) => ({
        key: sentenceOf(k),
        original: (j.alignment[k] ?? []).map((i) => j.originalSentences[i]?.text ?? '').join(' '),
        said: sentenceOf(k),
      })),
      (items) => secondOpinionPrompt(items.map((x) => ({ original: x.original, rewrite: x.said }))),
    );
    const leftOut = toHearLeftOut(j, delivered).map((x) => {
      const original = j.originalSentences[x.original]?.text ?? '';
      return { key: `left out\u0000${original}\u0000${x.passage}`, original, said: x.passage, index: x.original };
    });
    const missing = await this.hear(leftOut, (items) =>
      leftOutPrompt(items.map((x) => ({ original: x.original, passage: x.said }))),
    );
    return [
      ...asked.filter((_k, n) => rewritten[n]),
      ...leftOut.flatMap((x, n) => (missing[n] ? [{ original: x.index }] : [])),
    ];
  }

  /**
   * What the second opinion read of a text about to be delivered (for the meaning report): of its sentences the
   * model wrote (not the user's as written), how many it compared with the user's and found the same. Absent when
   * no second opinion is asked.
   */
  secondReading(text: string): SecondReading | undefined {
    if ((this.o.llm.secondOpinionCalls ?? 0) <= 0) return undefined;
    const own = squash(this.text);
    const written = splitSentences(text.replace(/\r\n/g, '\n')).filter((s) => {
      const t = squash(s.text);
      return t.length > 0 && !own.includes(t);
    });
    return { heard: written.filter((s) => this.verdicts.get(s.text) === false).length, rewritten: written.length };
  }

  /**
   * Whether a reworked text (sentences rewritten again after a repair, or by a detector round) may replace the
   * chosen one as far as the second opinion goes: it hears the sentences of the rework it has not heard yet, while
   * its budget lasts, and finds none different. True when no second opinion is asked.
   */
  async heardSame(f: { text: string; judgement: Faithfulness }): Promise<boolean> {
    if ((this.o.llm.secondOpinionCalls ?? 0) <= 0) return true;
    return (await this.disputes(f.judgement, f.text)).length === 0;
  }

  /**
   * The second opinion's verdicts on these items (true = disputed), asking about the ones not heard yet eight to a
   * call while the budget lasts; an item not heard keeps the checks' own verdict (false).
   */
  private async hear<T extends { key: string }>(items: T[], prompt: (items: T[]) => string): Promise<boolean[]> {
    for (;;) {
      const unheard = items.filter((x) => !this.verdicts.has(x.key)).slice(0, SENTENCES_PER_OPINION);
      if (unheard.length === 0 || this.secondOpinionsLeft <= 0 || this.client.remaining() <= OPINION_BUDGET_MS) break;
      this.secondOpinionsLeft--;
      try {
        const r = await this.client.complete({
          system: 'You check rewrites for changed facts. Answer exactly in the format asked.',
          prompt: prompt(unheard),
          temperature: 0,
          model: this.model,
          stream: false,
        });
        this.answers++;
        const said = parseVerdicts(r.text, unheard.length);
        unheard.forEach((x, i) => this.verdicts.set(x.key, said[i] ?? null));
      } catch (err) {
        // Without an answer the checks' own verdict stands.
        this.providerFailed(err);
        break;
      }
    }
    return items.map((x) => this.verdicts.get(x.key) === true);
  }

  usage(guardRejected: boolean): LoopUsage {
    return {
      tokensUsed: this.client.tokensUsed,
      tokensIn: this.client.tokensIn,
      tokensOut: this.client.tokensOut,
      candidates: this.answers,
      model: this.model,
      guardRejected,
      setAside: [...this.setAside],
    };
  }

  /** Our detector's score of a text (0 for text it cannot read), computed once per text. */
  scoreOf(t: string): number {
    if (!this.scored) return 0;
    let v = this.scores.get(t);
    if (v === undefined) this.scores.set(t, (v = detect(t).score));
    return v;
  }

  /** Lower wins: the detector score with each repaired sentence weighed against the candidate. */
  weigh(x: { score: number; repairs: Repair[] }): number {
    return x.score + REPAIR_PENALTY * x.repairs.reduce((n, r) => n + Math.max(1, r.restored), 0);
  }

  weighOf(c: Candidate): number {
    return this.weigh({ score: this.scoreOf(c.text), repairs: c.repairs });
  }
}

export interface Scored {
  text: string;
  score: number;
  recall: number;
  repaired: boolean;
  repairs: Repair[];
  /** The aimed detector's score (aimed Deep only; null when it gave none). */
  aim?: number | null;
}

export interface Choice {
  chosen: Scored;
  /** Whether the chosen text may still be reworked (not when the aimed pick has no call left to check it). */
  rework: boolean;
  /** The answer the detector liked best was set aside because it changed the meaning. */
  guardRejected: boolean;
}

/**
 * Aimed at an outside detector (Deep only): the faithful candidates are scored by it, each distinct text once,
 * while the call budget lasts (decision 0040).
 */
export class AimScores {
  readonly aim: AimOptions | undefined;
  private readonly scores = new Map<string, number | null>();
  calls = 0;
  /** The aimed pick as chosen: the rework may change it only where the aimed detector agrees. */
  pick: Scored | null = null;

  constructor(private readonly run: LoopRun) {
    this.aim = run.deep ? run.o.aim : undefined;
  }

  /** The aimed detector's score of a text, if it gave one. */
  of(t: string): number | null {
    return this.scores.get(t) ?? null;
  }

  async at(texts: string[]): Promise<void> {
    const { aim, run } = this;
    if (!aim || run.o.signal?.aborted) return;
    // The detector scores the text as it will be returned (CRLF documents get their line endings back).
    const returned = (t: string): string => (run.text.includes('\r\n') ? t.replace(/\r?\n/g, '\r\n') : t);
    const fresh = [...new Set(texts)].filter((t) => !this.scores.has(t)).slice(0, Math.max(0, aim.calls - this.calls));
    this.calls += fresh.length;
    const got = await Promise.all(
      fresh.map((t) =>
        aim.score(returned(t)).then(
          (v) => (typeof v === 'number' && Number.isFinite(v) ? v : null),
          () => null,
        ),
      ),
    );
    fresh.forEach((t, i) => this.scores.set(t, got[i] ?? null));
  }

  /** The rework changed the aimed pick: it stays only if the aimed detector scores it no higher (true: undone). */
  async undoRework(choice: Choice): Promise<boolean> {
    const { chosen } = choice;
    if (!this.aim || !this.pick || chosen.text === this.pick.text) return false;
    await this.at([chosen.text]);
    const now = this.of(chosen.text);
    if (now === null || now > (this.pick.aim ?? 0)) {
      Object.assign(chosen, this.pick);
      return true;
    }
    return false;
  }

  result(chosen: Scored): AimResult | undefined {
    const { aim } = this;
    if (!aim) return undefined;
    const final = this.of(chosen.text);
    return {
      name: aim.name,
      score: final,
      calls: this.calls,
      ...(final === null ? { reason: this.calls === 0 ? 'no call could be made' : `${aim.name} gave no score` } : {}),
    };
  }
}

/**
 * Put each answer line in place of the sentence it rewrites, when it passes the per-sentence checks (its
 * placeholders, numbers, names, negations, length and content) and `accept`; a line the checks refuse is
 * reported with its reason.
 */
export function putInPlace(
  doc: ModelDoc,
  text: string,
  items: { src: string; ph: { text: string; ids: number[] } }[],
  lines: (string | null)[],
  accept: (src: string, line: string) => boolean,
  refused: (reason: string) => void = () => {},
): { next: string; changed: number } {
  let next = text;
  let changed = 0;
  items.forEach((it, i) => {
    const line = lines[i];
    if (!line) return;
    const c = checkRoundSentence(doc, it.ph, line);
    if (!c.ok) {
      refused(c.reason ?? 'checks failed');
      return;
    }
    if (!accept(it.src, c.text)) return;
    const idx = next.indexOf(it.src);
    if (idx < 0) return;
    next = next.slice(0, idx) + c.text + next.slice(idx + it.src.length);
    changed++;
  });
  return { next, changed };
}

/** Turn a restored text back into placeholder form so the whole-text checks can run on it again. */
export function reinsertPlaceholders(text: string, doc: ModelDoc): string {
  return toPlaceholders(text, doc).text;
}
