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
import { checkFaithful, type Faithfulness } from './faithfulness.ts';
import { describeRepairs, judgeAndRepair, type Repair } from './sentence-repair.ts';
import { contested, type Contest } from './consensus.ts';
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
import {
  CANDIDATE_PROMPTS,
  SECOND_PASS_PROMPT,
  STRICT_PROMPT,
  SYSTEM,
  fullTextPrompt,
  parseDisputes,
  parseNumbered,
  repairPrompt,
  secondOpinionPrompt,
  roundPrompt,
} from './prompts.ts';

/**
 * The model rewrite loop. Lightning: one streamed call, then the checks. Deep: several candidates at once,
 * each checked and scored by the detector, the best kept; then up to two rounds that send back only the
 * sentences still flagged, with the detector's reasons, until nothing is flagged or the budget is spent.
 */
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

export type LoopResult =
  | ({
      ok: true;
      text: string;
      scoreAfter: number;
      note?: string;
      /** Sentences of the model's answer fixed by the faithfulness check (kept as written or removed). */
      repairs: Repair[];
      /** Deep aimed at an outside detector: its score of `text` and the texts it was asked to score. */
      aim?: AimResult;
    } & LoopUsage)
  | ({ ok: false; reason: string; category: FallbackReason } & LoopUsage);

/** The short category of a provider failure, for the operator's fallback counts. */
function failureCategory(e: ProviderError): FallbackReason {
  if (e.kind === 'http') return e.status === 429 ? 'rate-limited' : 'provider-error';
  if (e.kind === 'timeout' || e.kind === 'deadline') return 'timeout';
  if (e.kind === 'malformed') return 'malformed';
  if (e.kind === 'aborted') return 'aborted';
  return 'unreachable';
}

const MAX_ROUNDS = 2;

const normalized = (t: string): string => t.replace(/\s+/g, ' ').trim();

/** The short reason of a draft the structural checks set aside, for the operator's counts. */
function structuralReason(reason: string): string {
  if (/^empty/.test(reason)) return 'empty';
  if (/placeholder|span/.test(reason)) return 'protected-span';
  return 'structure';
}

interface Scored {
  text: string;
  score: number;
  recall: number;
  repaired: boolean;
  repairs: Repair[];
  /** The aimed detector's score (aimed Deep only; null when it gave none). */
  aim?: number | null;
}

/** A checked answer: structure restored, meaning judged, failing sentences repaired. */
type Candidate = Restored & {
  repairs: Repair[];
  /** The model's answer before repair, and its judgement (for the optional second opinion). */
  answer?: string;
  doubts?: Faithfulness;
  /** Sentences the other drafts contradict (Deep), repaired with the rest. */
  contests?: Contest[];
};

/** Each repaired sentence weighs this many detector points against a candidate when choosing the best. */
const REPAIR_PENALTY = 3;

export async function modelHumanize(text: string, o: LoopOpts): Promise<LoopResult> {
  const deep = o.mode === 'deep';
  const budget = Math.min(o.llm.deadlineMs ?? (deep ? 60_000 : 30_000), deep ? 60_000 : 60_000);
  const client = new ModelClient(
    { ...o.llm, callTimeoutMs: o.llm.callTimeoutMs ?? (deep ? 25_000 : 20_000) },
    Date.now() + budget,
    o.signal,
  );
  const doc = buildModelDoc(text);
  // Every protected span must come back verbatim; a lost one sends its sentence to repair.
  const spanTexts = requiredSpans(doc);
  const model = (deep ? o.llm.modelDeep : o.llm.modelLightning) ?? o.llm.model;
  const errors: string[] = [];
  const errorKinds: FallbackReason[] = [];
  const rejections: string[] = [];
  let answers = 0;
  /** Answers set aside by the faithfulness guard (they passed the structural checks). */
  const drifted: string[] = [];
  /** Why each draft was set aside (reported only; the choice of answer does not read it). */
  const setAside: string[] = [];
  let secondOpinionsLeft = Math.max(0, Math.min(6, o.llm.secondOpinionCalls ?? 0));
  /** Second-opinion verdicts by rewritten sentence (candidates often share sentences): true = disputed. */
  const verdicts = new Map<string, boolean>();
  /**
   * The answer sentences of a judgement the second opinion disputes (asking only about sentences not heard yet):
   * the doubts first, then the claims in words the text does not have, eight to a call while the budget lasts.
   */
  const disputes = async (j: Faithfulness): Promise<number[]> => {
    const sentenceOf = (k: number): string => j.answerSentences[k]?.text ?? '';
    const asked = [...j.doubts, ...j.claims];
    for (;;) {
      const unheard = asked.filter((k) => !verdicts.has(sentenceOf(k))).slice(0, 8);
      if (unheard.length === 0 || secondOpinionsLeft <= 0 || client.remaining() <= 8_000) break;
      secondOpinionsLeft--;
      try {
        const r = await client.complete({
          system: 'You check rewrites for changed facts. Answer exactly in the format asked.',
          prompt: secondOpinionPrompt(
            unheard.map((k) => ({
              original: (j.alignment[k] ?? []).map((i) => j.originalSentences[i]?.text ?? '').join(' '),
              rewrite: sentenceOf(k),
            })),
          ),
          temperature: 0,
          model,
          stream: false,
        });
        answers++;
        const found = new Set(parseDisputes(r.text, unheard.length));
        unheard.forEach((k, i) => verdicts.set(sentenceOf(k), found.has(i)));
      } catch (err) {
        // Without an answer the checks' own verdict stands.
        errors.push(toProviderError(err).message);
        break;
      }
    }
    return asked.filter((k) => verdicts.get(sentenceOf(k)) === true);
  };

  const attempt = async (
    p: { name: string; temperature: number; instruction: string },
    stream: boolean,
    tempShift = 0,
  ): Promise<Candidate | null> => {
    try {
      const r = await client.complete({
        system: SYSTEM,
        prompt: fullTextPrompt(p.instruction, doc.modelText, o.writing),
        temperature: Math.min(1.3, p.temperature + tempShift),
        model,
        stream,
      });
      answers++;
      // Structure here (placeholders, markdown); meaning, facts and length in the faithfulness check.
      const res = restore(doc, r.text, { minRecall: 0, maxLengthDelta: Infinity, meaning: 'delegated' });
      if (!res.ok) {
        rejections.push(`${p.name}: ${res.reason}`);
        setAside.push(structuralReason(res.reason ?? ''));
        return { ...res, repairs: [] };
      }
      const f = judgeAndRepair(text, res.text, o.mode, spanTexts);
      if (!f.ok) {
        rejections.push(`${p.name}: meaning changed (${f.reason})`);
        drifted.push(res.text);
        setAside.push(f.drift);
        return { ...res, ok: false, reason: `meaning changed (${f.reason})`, repairs: [] };
      }
      return { ...res, text: f.text, repairs: f.repairs, answer: res.text, doubts: f.judgement };
    } catch (err) {
      const e = toProviderError(err);
      errors.push(e.message);
      errorKinds.push(failureCategory(e));
      if (e.kind === 'aborted') throw e;
      return null;
    }
  };
  const usage = (guardRejected: boolean): LoopUsage => ({
    tokensUsed: client.tokensUsed,
    tokensIn: client.tokensIn,
    tokensOut: client.tokensOut,
    candidates: answers,
    model,
    guardRejected,
    setAside: [...setAside],
  });

  o.progress({ stage: 'rewrite' });
  let candidates: Candidate[];
  if (!deep) {
    const p = o.secondPass ? SECOND_PASS_PROMPT : (CANDIDATE_PROMPTS[0] as (typeof CANDIDATE_PROMPTS)[number]);
    const r = await attempt(p, true);
    candidates = r ? [r] : [];
  } else {
    o.progress({ stage: 'candidates' });
    const prompts = o.secondPass
      ? [SECOND_PASS_PROMPT, CANDIDATE_PROMPTS[1]!, CANDIDATE_PROMPTS[2]!]
      : CANDIDATE_PROMPTS;
    // Second-pass candidates run a little hotter so they land away from the first result.
    const rs = await Promise.all(prompts.map((p) => attempt(p, false, o.secondPass ? 0.1 : 0)));
    candidates = rs.filter((r): r is Candidate => r !== null);
  }
  // Steps only move forward: Deep reports 'checks' after its rounds, Lightning here.
  if (!deep) o.progress({ stage: 'checks' });
  const avoid = o.avoidText !== undefined ? normalized(o.avoidText) : null;
  const differs = (t: string): boolean => avoid === null || normalized(t) !== avoid;
  let passing = candidates.filter((c) => c.ok && differs(c.text));
  const repeated = candidates.some((c) => c.ok && !differs(c.text));
  if (repeated && passing.length === 0 && client.remaining() > 5_000) {
    // 'Humanize again' must give a different result: the model repeated the first one, so ask once more, hotter.
    const r = await attempt(SECOND_PASS_PROMPT, false, 0.3);
    if (r?.ok && differs(r.text)) passing = [r];
  }
  if (deep && passing.length === 0 && !repeated && candidates.length > 0 && client.remaining() > 5_000) {
    // Every candidate broke a check: one conservative retry before giving up on the model. Lightning is
    // one call by design and goes straight to the local fallback.
    // The retry is told why the drafts were set aside, in the check's own words.
    const why = [...new Set(rejections.map((x) => x.replace(/^[^:]*:\s*/, '')))].slice(0, 3).join('; ');
    const r = await attempt(
      {
        ...STRICT_PROMPT,
        instruction: `${STRICT_PROMPT.instruction} The previous rewrites were set aside (${why}): keep every number, name, quotation and "not" exactly as the text has them, and add nothing it does not say.`,
      },
      false,
    );
    if (r?.ok) passing = [r];
  }
  // The other drafts as witnesses (Deep): a sentence they contradict, in a word the text itself does not have,
  // is repaired like any sentence that fails the checks (decision 0043).
  const witnesses = new Map<string, Faithfulness>();
  if (deep && passing.length > 0) {
    for (const c of candidates) if (c.answer && c.doubts) witnesses.set(c.answer, c.doubts);
    for (const d of drifted) if (!witnesses.has(d)) witnesses.set(d, checkFaithful(text, d, o.mode, spanTexts));
  }
  if (witnesses.size > 1) {
    const found = new Map<Candidate, Contest[]>();
    for (const c of passing) {
      if (!c.answer || !c.doubts) continue;
      const others = [...witnesses].filter(([t]) => t !== c.answer).map(([, j]) => j);
      const contests = contested(c.doubts, others);
      if (contests.length > 0) found.set(c, contests);
    }
    for (const [c, contests] of found) {
      const f = judgeAndRepair(text, c.answer as string, o.mode, spanTexts, 0, 0, contests);
      if (f.ok) {
        c.text = f.text;
        c.repairs = f.repairs;
        c.contests = contests;
      } else {
        passing = passing.filter((x) => x !== c);
        rejections.push(`other drafts: meaning changed (${f.reason})`);
        drifted.push(c.answer as string);
        setAside.push(f.drift);
      }
    }
  }
  const scored = o.scored !== false;
  // The optional second opinion, on the candidate that would be chosen: sentences its judgement could not
  // vouch for go to the provider, which may only reject them (they are then put back as written). A candidate
  // that no longer holds gives way to the next, while the budget of calls lasts.
  // Detector scores by text: candidates are weighed again as the second opinion changes them.
  const scores = new Map<string, number>();
  const scoreOf = (t: string): number => {
    if (!scored) return 0;
    let v = scores.get(t);
    if (v === undefined) scores.set(t, (v = detect(t).score));
    return v;
  };
  /** Lower wins: the detector score with each repaired sentence weighed against the candidate. */
  const weigh = (x: { score: number; repairs: Repair[] }): number =>
    x.score + REPAIR_PENALTY * x.repairs.reduce((n, r) => n + Math.max(1, r.restored), 0);
  const weighOf = (c: Candidate): number => weigh({ score: scoreOf(c.text), repairs: c.repairs });
  const heard = new Set<Candidate>();
  while (passing.length > 0 && (o.llm.secondOpinionCalls ?? 0) > 0) {
    const next = passing.reduce((b, c) => (weighOf(c) < weighOf(b) ? c : b));
    const judged = next.doubts;
    if (heard.has(next) || !next.answer || !judged || judged.doubts.length + judged.claims.length === 0) break;
    heard.add(next);
    const disputed = await disputes(judged);
    if (disputed.length === 0) break;
    const f = judgeAndRepair(text, next.answer, o.mode, spanTexts, 0, 0, [...(next.contests ?? []), ...disputed]);
    if (f.ok) {
      next.text = f.text;
      next.repairs = f.repairs;
    } else {
      passing = passing.filter((c) => c !== next);
      rejections.push(`second opinion: meaning changed (${f.reason})`);
      drifted.push(next.answer);
      setAside.push('disputed');
    }
  }
  if (passing.length === 0) {
    const reason =
      candidates.length === 0
        ? `model provider failed (${[...new Set(errors)].join(', ') || 'no answer'})`
        : repeated
          ? 'the model repeated the first result'
          : `model rewrites rejected: every answer failed the checks (${rejections.slice(0, 3).join('; ')})`;
    const category: FallbackReason =
      candidates.length === 0
        ? (errorKinds[errorKinds.length - 1] ?? 'unreachable')
        : repeated
          ? 'repeated'
          : drifted.length > 0
            ? 'meaning-changed'
            : 'checks-failed';
    return { ok: false, reason, category, ...usage(drifted.length > 0) };
  }
  // Aimed at an outside detector (Deep only): the faithful candidates, most promising by our own weighing
  // first, are scored by it, each distinct text once, while the call budget lasts (decision 0040).
  const aim = deep ? o.aim : undefined;
  const aimScores = new Map<string, number | null>();
  let aimCalls = 0;
  // The detector scores the text as it will be returned (CRLF documents get their line endings back).
  const returned = (t: string): string => (text.includes('\r\n') ? t.replace(/\r?\n/g, '\r\n') : t);
  const aimAt = async (texts: string[]): Promise<void> => {
    if (!aim || o.signal?.aborted) return;
    const fresh = [...new Set(texts)].filter((t) => !aimScores.has(t)).slice(0, Math.max(0, aim.calls - aimCalls));
    aimCalls += fresh.length;
    const got = await Promise.all(
      fresh.map((t) =>
        aim.score(returned(t)).then(
          (v) => (typeof v === 'number' && Number.isFinite(v) ? v : null),
          () => null,
        ),
      ),
    );
    fresh.forEach((t, i) => aimScores.set(t, got[i] ?? null));
  };
  // Our own order: the lower weighed score first, then the candidate that kept more content.
  if (aim) await aimAt([...passing].sort((a, b) => weighOf(a) - weighOf(b) || b.recall - a.recall).map((c) => c.text));
  let best: Scored | null = null;
  for (const c of passing) {
    const score = scoreOf(c.text);
    // Aimed: the aimed detector's lowest score wins, and a candidate it scored comes before one it did not.
    // Otherwise, and on ties, the lower score (with repairs weighed against it) wins; then the candidate
    // that kept more content.
    const mine = { score, repairs: c.repairs };
    const a = aimScores.get(c.text) ?? null;
    const byAim = !best
      ? 0
      : a !== null && best.aim != null
        ? a - best.aim
        : a !== null
          ? -1
          : best.aim != null
            ? 1
            : 0;
    if (
      !best ||
      byAim < 0 ||
      (byAim === 0 && (weigh(mine) < weigh(best) || (weigh(mine) === weigh(best) && c.recall > best.recall)))
    )
      best = { text: c.text, score, recall: c.recall, repaired: c.repaired, repairs: c.repairs, aim: a };
  }
  const chosen = best as Scored;
  // The aimed pick as chosen: the rework below may change it only where the aimed detector agrees.
  const aimedPick = aim && chosen.aim != null ? { ...chosen, repairs: [...chosen.repairs] } : null;
  // Without a call left to check the rework against the aimed detector, the aimed pick stays as it is.
  const rework = !aimedPick || aimCalls < (aim?.calls ?? 0);
  // Say so when the answer the detector liked best was set aside because it changed the meaning.
  const guardRejected = scored && drifted.some((t) => t.trim() !== '' && detect(t).score < chosen.score);
  o.progress({ stage: 'candidates', bestScore: chosen.score });

  // Deep: sentences the check put back as the user wrote them are asked for once more, alone, with the fact
  // the first rewrite got wrong spelled out; each answer must keep its facts, and the whole must then need
  // fewer sentences put back. What still fails stays as the user wrote it.
  let rewrittenAgain = 0;
  const restoredSentences = [...new Set(chosen.repairs.flatMap((r) => r.sentences))].filter((t) =>
    chosen.text.includes(t),
  );
  if (deep && rework && restoredSentences.length > 0 && client.remaining() > 6_000 && !o.signal?.aborted) {
    const items = restoredSentences.slice(0, 12).map((t) => ({
      src: t,
      ph: toPlaceholders(t, doc),
      why: chosen.repairs
        .filter((r) => r.sentences.includes(t))
        .map((r) => r.detail)
        .join('; '),
    }));
    try {
      const r = await client.complete({
        system: SYSTEM,
        prompt: repairPrompt(
          items.map((it) => ({ text: it.ph.text, why: it.why })),
          o.writing,
        ),
        temperature: 0.6,
        model,
        stream: false,
      });
      answers++;
      const { next, changed } = putInPlace(
        doc,
        chosen.text,
        items,
        parseNumbered(r.text, items.length),
        (src, line) => normalized(line) !== normalized(src) && checkFaithful(src, line, o.mode, spanTexts).ok,
      );
      if (changed > 0) {
        const f = judgeAndRepair(text, next, o.mode, spanTexts);
        const restoredCount = (rs: Repair[]): number => rs.reduce((n, x) => n + x.restored, 0);
        if (f.ok && restoredCount(f.repairs) < restoredCount(chosen.repairs) && differs(f.text)) {
          rewrittenAgain = restoredCount(chosen.repairs) - restoredCount(f.repairs);
          chosen.text = f.text;
          chosen.repairs = f.repairs;
          if (scored) chosen.score = detect(f.text).score;
        } else setAside.push(f.ok ? 'needed-repair' : f.drift);
      }
    } catch (err) {
      errors.push(toProviderError(err).message);
    }
  }

  if (deep && scored && rework) {
    for (let round = 1; round <= MAX_ROUNDS; round++) {
      if (client.remaining() < 6_000 || o.signal?.aborted) break;
      const d = detect(chosen.text);
      const flagged = d.sentences.filter((s) => s.flagged);
      if (!d.flagged && flagged.length === 0) break;
      if (flagged.length === 0) break;
      o.progress({ stage: 'round', round, bestScore: chosen.score });
      const items = flagged
        .slice(0, 12)
        .map((s) => ({ src: s.text, ph: toPlaceholders(s.text, doc), reasons: s.features }));
      let answer: string;
      try {
        const r = await client.complete({
          system: SYSTEM,
          prompt: roundPrompt(
            items.map((it) => ({ text: it.ph.text, reasons: it.reasons })),
            o.writing,
          ),
          temperature: 0.9,
          model,
          stream: false,
        });
        answer = r.text;
        answers++;
      } catch (err) {
        errors.push(toProviderError(err).message);
        break;
      }
      const { next, changed } = putInPlace(
        doc,
        chosen.text,
        items,
        parseNumbered(answer, items.length),
        () => true,
        (reason) => rejections.push(`round ${round}: ${reason}`),
      );
      if (changed === 0) continue;
      const whole = restore(doc, reinsertPlaceholders(next, doc), {
        minRecall: 0,
        maxLengthDelta: Infinity,
        meaning: 'delegated',
      });
      if (!whole.ok) continue;
      const f = judgeAndRepair(text, whole.text, o.mode, spanTexts);
      // A round may only improve wording: it must not need repairs the chosen text did not need, nor turn
      // around a word the drafts (the chosen one among them) agree on.
      if (f.ok && contested(f.judgement, [...witnesses.values()]).length > 0) {
        setAside.push('antonym');
        rejections.push(`round ${round}: meaning changed (the drafts say the opposite)`);
        continue;
      }
      if (!f.ok || f.repairs.length > chosen.repairs.length) {
        setAside.push(f.ok ? 'needed-repair' : f.drift);
        rejections.push(`round ${round}: meaning changed (${f.ok ? 'a sentence needed repair' : f.reason})`);
        continue;
      }
      const score = detect(f.text).score;
      if (score < chosen.score && differs(f.text)) {
        chosen.text = f.text;
        chosen.score = score;
        chosen.recall = whole.recall;
        o.progress({ stage: 'round', round, bestScore: score });
      }
    }
  }
  let aimResult: AimResult | undefined;
  if (aim) {
    if (aimedPick && chosen.text !== aimedPick.text) {
      // The rework changed the aimed pick: it stays only if the aimed detector scores it no higher.
      await aimAt([chosen.text]);
      const now = aimScores.get(chosen.text) ?? null;
      if (now === null || now > (aimedPick.aim ?? 0)) {
        Object.assign(chosen, aimedPick);
        rewrittenAgain = 0;
      }
    }
    const final = aimScores.get(chosen.text) ?? null;
    aimResult = {
      name: aim.name,
      score: final,
      calls: aimCalls,
      ...(final === null ? { reason: aimCalls === 0 ? 'no call could be made' : `${aim.name} gave no score` } : {}),
    };
  }
  if (deep) o.progress({ stage: 'checks', bestScore: scored ? chosen.score : undefined });
  // The model sees LF line endings; give a CRLF document its line endings back.
  if (text.includes('\r\n')) chosen.text = chosen.text.replace(/\r?\n/g, '\r\n');
  const notes: string[] = [];
  if (chosen.repaired) notes.push('placeholders repaired');
  if (errors.length > 0) notes.push(`some provider calls failed (${[...new Set(errors)].slice(0, 2).join(', ')})`);
  if (guardRejected) notes.push('the best-scoring answer changed the meaning and was set aside');
  if (rewrittenAgain > 0)
    notes.push(
      `${rewrittenAgain} sentence${rewrittenAgain === 1 ? '' : 's'} rewritten again after the first rewrite changed a fact`,
    );
  if (chosen.repairs.length > 0) notes.push(describeRepairs(chosen.repairs));
  return {
    ok: true,
    text: chosen.text,
    scoreAfter: chosen.score,
    note: notes.join('; ') || undefined,
    repairs: chosen.repairs,
    ...(aimResult ? { aim: aimResult } : {}),
    ...usage(guardRejected),
  };
}

/**
 * Put each answer line in place of the sentence it rewrites, when it passes the per-sentence checks (its
 * placeholders, numbers, names, negations, length and content) and `accept`; a line the checks refuse is
 * reported with its reason.
 */
function putInPlace(
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
function reinsertPlaceholders(text: string, doc: ModelDoc): string {
  return toPlaceholders(text, doc).text;
}

export { ProviderError };
