import { detect } from '../detector.ts';
import type { AimResult, FallbackReason } from '../types.ts';
import { checkFaithful, type Faithfulness } from './faithfulness/index.ts';
import { describeRepairs, judgeAndRepair, type Dispute, type Repair } from './sentence-repair.ts';
import { toAsk, toHearLeftOut } from './second-opinion.ts';
import type { SecondReading } from '../meaning-report.ts';
import { contested, type Contest } from './consensus.ts';
import { ProviderError } from './client.ts';
import { restore, toPlaceholders } from './placeholders.ts';
import {
  CANDIDATE_PROMPTS,
  SECOND_PASS_PROMPT,
  STRICT_PROMPT,
  SYSTEM,
  parseNumbered,
  repairPrompt,
  roundPrompt,
} from './prompts.ts';
import {
  AimScores,
  LoopRun,
  normalized,
  putInPlace,
  reinsertPlaceholders,
  type Candidate,
  type Choice,
  type LoopOpts,
  type LoopUsage,
  type Scored,
} from './loop-run.ts';

/**
 * The model rewrite loop. Lightning: one streamed call, then the checks. Deep: several candidates at once,
 * each checked and scored by the detector, the best kept; then up to two rounds that send back only the
 * sentences still flagged, with the detector's reasons, until nothing is flagged or the budget is spent.
 */
export type { LoopOpts, LoopUsage } from './loop-run.ts';

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
      /** What the second opinion read of `text`, when one was asked. */
      secondReading?: SecondReading;
    } & LoopUsage)
  | ({ ok: false; reason: string; category: FallbackReason } & LoopUsage);

const MAX_ROUNDS = 2;

/**
 * The loop, one function per step: draft, check, the other drafts as witnesses, the second opinion, choose,
 * rewrite again what was put back, the detector rounds, the aimed detector's last word, and the result.
 */
export async function modelHumanize(text: string, o: LoopOpts): Promise<LoopResult> {
  const run = new LoopRun(text, o);
  o.progress({ stage: 'rewrite' });
  const candidates = await draft(run);
  // Steps only move forward: Deep reports 'checks' after its rounds, Lightning here.
  if (!run.deep) o.progress({ stage: 'checks' });
  const checked = await check(run, candidates);
  const witnessed = contestByWitnesses(run, candidates, checked.passing);
  const passing = await secondOpinion(run, witnessed.passing);
  if (passing.length === 0) return failed(run, candidates, checked.repeated);
  const aim = new AimScores(run);
  const choice = await choose(run, passing, aim);
  let rewrittenAgain = await rewriteAgain(run, choice);
  await rounds(run, choice, witnessed.witnesses);
  if (await aim.undoRework(choice)) rewrittenAgain = 0;
  return finish(run, choice, rewrittenAgain, aim.result(choice.chosen));
}

/** Draft: Lightning asks once, streamed; Deep asks for several candidates at once. */
async function draft(run: LoopRun): Promise<Candidate[]> {
  const { o } = run;
  if (!run.deep) {
    const p = o.secondPass ? SECOND_PASS_PROMPT : (CANDIDATE_PROMPTS[0] as (typeof CANDIDATE_PROMPTS)[number]);
    const r = await run.attempt(p, true);
    return r ? [r] : [];
  }
  o.progress({ stage: 'candidates' });
  const prompts = o.secondPass ? [SECOND_PASS_PROMPT, CANDIDATE_PROMPTS[1]!, CANDIDATE_PROMPTS[2]!] : CANDIDATE_PROMPTS;
  // Second-pass candidates run a little hotter so they land away from the first result.
  const rs = await Promise.all(prompts.map((p) => run.attempt(p, false, o.secondPass ? 0.1 : 0)));
  return rs.filter((r): r is Candidate => r !== null);
}

/**
 * Check: the drafts that passed the checks and differ from the first result; one more draft when the model
 * repeated the first result, or (Deep) when every draft broke a check.
 */
async function check(run: LoopRun, candidates: Candidate[]): Promise<{ passing: Candidate[]; repeated: boolean }> {
  const { client } = run;
  let passing = candidates.filter((c) => c.ok && run.differs(c.text));
  const repeated = candidates.some((c) => c.ok && !run.differs(c.text));
  if (repeated && passing.length === 0 && client.remaining() > 5_000) {
    // 'Humanize again' must give a different result: the model repeated the first one, so ask once more, hotter.
    const r = await run.attempt(SECOND_PASS_PROMPT, false, 0.3);
    if (r?.ok && run.differs(r.text)) passing = [r];
  }
  if (run.deep && passing.length === 0 && !repeated && candidates.length > 0 && client.remaining() > 5_000) {
    // Every candidate broke a check: one conservative retry before giving up on the model. Lightning is
    // one call by design and goes straight to the local fallback.
    // The retry is told why the drafts were set aside, in the check's own words.
    const why = [...new Set(run.rejections.map((x) => x.replace(/^[^:]*:\s*/, '')))].slice(0, 3).join('; ');
    const r = await run.attempt(
      {
        ...STRICT_PROMPT,
        instruction: `${STRICT_PROMPT.instruction} The previous rewrites were set aside (${why}): keep every number, name, quotation and "not" exactly as the text has them, and add nothing it does not say.`,
      },
      false,
    );
    if (r?.ok) passing = [r];
  }
  return { passing, repeated };
}

/**
 * Repair by the other drafts as witnesses (Deep): a sentence they contradict, in a word the text itself does not
 * have, is repaired like any sentence that fails the checks (decision 0043).
 */
function contestByWitnesses(
  run: LoopRun,
  candidates: Candidate[],
  passingIn: Candidate[],
): { passing: Candidate[]; witnesses: Map<string, Faithfulness> } {
  let passing = passingIn;
  const witnesses = new Map<string, Faithfulness>();
  if (run.deep && passing.length > 0) {
    for (const c of candidates) if (c.answer && c.doubts) witnesses.set(c.answer, c.doubts);
    for (const d of run.drifted) if (!witnesses.has(d)) witnesses.set(d, run.judge(d));
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
      const f = judgeAndRepair(run.text, c.answer as string, run.mode, run.spanTexts, 0, 0, contests);
      if (f.ok) {
        c.text = f.text;
        c.repairs = f.repairs;
        c.contests = contests;
      } else {
        passing = passing.filter((x) => x !== c);
        run.rejections.push(`other drafts: meaning changed (${f.reason})`);
        run.drifted.push(c.answer as string);
        run.setAside.push(f.drift);
      }
    }
  }
  return { passing, witnesses };
}

/** One key per thing disputed: an answer sentence, or a sentence of the text left out. */
const disputeKey = (d: Dispute): string =>
  typeof d === 'number' ? `a${d}` : 'original' in d ? `o${d.original}` : `a${d.answer}`;

/**
 * The second opinion, on the candidate that would be chosen: its rewritten sentences go to the provider, those its
 * judgement could not vouch for first (`toAsk`), then the sentences of the text it leaves out whole
 * (`toHearLeftOut`, decision 0067), and it may only reject (a disputed sentence is put back as written).
 * A repair can bring back sentences of the answer that an earlier repair had replaced (decision 0066): those are
 * heard in turn. A candidate that no longer holds gives way to the next, while the budget of calls lasts.
 */
async function secondOpinion(run: LoopRun, passingIn: Candidate[]): Promise<Candidate[]> {
  let passing = passingIn;
  const settled = new Set<Candidate>();
  while (passing.length > 0 && (run.o.llm.secondOpinionCalls ?? 0) > 0) {
    const next = passing.reduce((b, c) => (run.weighOf(c) < run.weighOf(b) ? c : b));
    const judged = next.doubts;
    if (
      settled.has(next) ||
      !next.answer ||
      !judged ||
      toAsk(judged, next.text).length + toHearLeftOut(judged, next.text).length === 0
    )
      break;
    const before = next.disputed ?? [];
    const heard = new Set(before.map(disputeKey));
    const fresh = (await run.disputes(judged, next.text)).filter((d) => !heard.has(disputeKey(d)));
    if (fresh.length === 0) {
      settled.add(next);
      continue;
    }
    const disputed = [...before, ...fresh];
    const f = judgeAndRepair(run.text, next.answer, run.mode, run.spanTexts, 0, 0, [
      ...(next.contests ?? []),
      ...disputed,
    ]);
    if (f.ok) {
      next.text = f.text;
      next.repairs = f.repairs;
      next.disputed = disputed;
    } else {
      passing = passing.filter((c) => c !== next);
      run.rejections.push(`second opinion: meaning changed (${f.reason})`);
      run.drifted.push(next.answer);
      run.setAside.push('disputed');
    }
  }
  return passing;
}

/** No draft holds: why, for the caller's fallback. */
function failed(run: LoopRun, candidates: Candidate[], repeated: boolean): LoopResult {
  const { errors, errorKinds, rejections, drifted } = run;
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
  return { ok: false, reason, category, ...run.usage(drifted.length > 0) };
}

/**
 * Choose: aimed, the aimed detector's lowest score wins, and a candidate it scored comes before one it did not.
 * Otherwise, and on ties, the lower score (with repairs weighed against it) wins; then the candidate that kept
 * more content.
 */
async function choose(run: LoopRun, passing: Candidate[], aim: AimScores): Promise<Choice> {
  // Our own order: the lower weighed score first, then the candidate that kept more content.
  if (aim.aim)
    await aim.at(
      [...passing].sort((a, b) => run.weighOf(a) - run.weighOf(b) || b.recall - a.recall).map((c) => c.text),
    );
  let best: Scored | null = null;
  for (const c of passing) {
    const score = run.scoreOf(c.text);
    const mine = { score, repairs: c.repairs };
    const a = aim.of(c.text);
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
      (byAim === 0 &&
        (run.weigh(mine) < run.weigh(best) || (run.weigh(mine) === run.weigh(best) && c.recall > best.recall)))
    )
      best = { text: c.text, score, recall: c.recall, repaired: c.repaired, repairs: c.repairs, aim: a };
  }
  const chosen = best as Scored;
  aim.pick = aim.aim && chosen.aim != null ? { ...chosen, repairs: [...chosen.repairs] } : null;
  // Without a call left to check the rework against the aimed detector, the aimed pick stays as it is.
  const rework = !aim.pick || aim.calls < (aim.aim?.calls ?? 0);
  const guardRejected = run.scored && run.drifted.some((t) => t.trim() !== '' && detect(t).score < chosen.score);
  run.o.progress({ stage: 'candidates', bestScore: chosen.score });
  return { chosen, rework, guardRejected };
}

/**
 * Repair again (Deep): sentences the check put back as the user wrote them are asked for once more, alone, with
 * the fact the first rewrite got wrong spelled out; each answer must keep its facts, and the whole must then need
 * fewer sentences put back. What still fails stays as the user wrote it. Returns how many were rewritten again.
 */
async function rewriteAgain(run: LoopRun, { chosen, rework }: Choice): Promise<number> {
  const { client, doc, o } = run;
  const restoredSentences = [...new Set(chosen.repairs.flatMap((r) => r.sentences))].filter((t) =>
    chosen.text.includes(t),
  );
  if (!(run.deep && rework && restoredSentences.length > 0 && client.remaining() > 6_000 && !o.signal?.aborted))
    return 0;
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
        run.writing,
      ),
      temperature: 0.6,
      model: run.model,
      stream: false,
    });
    run.answers++;
    const { next, changed } = putInPlace(
      doc,
      chosen.text,
      items,
      parseNumbered(r.text, items.length),
      (src, line) => normalized(line) !== normalized(src) && checkFaithful(src, line, run.mode, run.spanTexts).ok,
    );
    if (changed > 0) {
      const f = judgeAndRepair(run.text, next, run.mode, run.spanTexts);
      const restoredCount = (rs: Repair[]): number => rs.reduce((n, x) => n + x.restored, 0);
      const fewer = f.ok && restoredCount(f.repairs) < restoredCount(chosen.repairs) && run.differs(f.text);
      // The sentences written again are heard by the second opinion like the first draft's (decision 0067).
      if (fewer && !(await run.heardSame(f))) {
        run.setAside.push('disputed');
        return 0;
      }
      if (fewer) {
        const again = restoredCount(chosen.repairs) - restoredCount(f.repairs);
        chosen.text = f.text;
        chosen.repairs = f.repairs;
        if (run.scored) chosen.score = detect(f.text).score;
        return again;
      }
      run.setAside.push(f.ok ? 'needed-repair' : f.drift);
    }
  } catch (err) {
    run.providerFailed(err);
  }
  return 0;
}

/**
 * The detector rounds (Deep): up to two rounds that send back only the sentences still flagged, with the
 * detector's reasons, until nothing is flagged or the budget is spent. A round may only improve wording.
 */
async function rounds(run: LoopRun, { chosen, rework }: Choice, witnesses: Map<string, Faithfulness>): Promise<void> {
  const { client, doc, o } = run;
  if (!(run.deep && run.scored && rework)) return;
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
          run.writing,
        ),
        temperature: 0.9,
        model: run.model,
        stream: false,
      });
      answer = r.text;
      run.answers++;
    } catch (err) {
      run.providerFailed(err);
      break;
    }
    const { next, changed } = putInPlace(
      doc,
      chosen.text,
      items,
      parseNumbered(answer, items.length),
      () => true,
      (reason) => run.rejections.push(`round ${round}: ${reason}`),
    );
    if (changed === 0) continue;
    const whole = restore(doc, reinsertPlaceholders(next, doc), {
      minRecall: 0,
      maxLengthDelta: Infinity,
      meaning: 'delegated',
    });
    if (!whole.ok) continue;
    const f = judgeAndRepair(run.text, whole.text, run.mode, run.spanTexts);
    // A round may only improve wording: it must not need repairs the chosen text did not need, nor turn
    // around a word the drafts (the chosen one among them) agree on.
    if (f.ok && contested(f.judgement, [...witnesses.values()]).length > 0) {
      run.setAside.push('antonym');
      run.rejections.push(`round ${round}: meaning changed (the drafts say the opposite)`);
      continue;
    }
    if (!f.ok || f.repairs.length > chosen.repairs.length) {
      run.setAside.push(f.ok ? 'needed-repair' : f.drift);
      run.rejections.push(`round ${round}: meaning changed (${f.ok ? 'a sentence needed repair' : f.reason})`);
      continue;
    }
    const score = detect(f.text).score;
    if (!(score < chosen.score && run.differs(f.text))) continue;
    // The round's sentences are heard by the second opinion like the first draft's (decision 0067).
    if (!(await run.heardSame(f))) {
      run.setAside.push('disputed');
      run.rejections.push(`round ${round}: second opinion: meaning changed`);
      continue;
    }
    chosen.text = f.text;
    chosen.score = score;
    chosen.recall = whole.recall;
    o.progress({ stage: 'round', round, bestScore: score });
  }
}

/** The result: the chosen text with its line endings, its notes and the run's usage. */
function finish(run: LoopRun, choice: Choice, rewrittenAgain: number, aimResult: AimResult | undefined): LoopResult {
  const { chosen, guardRejected } = choice;
  if (run.deep) run.o.progress({ stage: 'checks', bestScore: run.scored ? chosen.score : undefined });
  // The model sees LF line endings; give a CRLF document its line endings back.
  if (run.text.includes('\r\n')) chosen.text = chosen.text.replace(/\r?\n/g, '\r\n');
  const notes: string[] = [];
  if (chosen.repaired) notes.push('placeholders repaired');
  if (run.errors.length > 0)
    notes.push(`some provider calls failed (${[...new Set(run.errors)].slice(0, 2).join(', ')})`);
  if (guardRejected) notes.push('the best-scoring answer changed the meaning and was set aside');
  if (rewrittenAgain > 0)
    notes.push(
      `${rewrittenAgain} sentence${rewrittenAgain === 1 ? '' : 's'} rewritten again after the first rewrite changed a fact`,
    );
  if (chosen.repairs.length > 0) notes.push(describeRepairs(chosen.repairs));
  const secondReading = run.secondReading(chosen.text);
  return {
    ok: true,
    text: chosen.text,
    scoreAfter: chosen.score,
    note: notes.join('; ') || undefined,
    repairs: chosen.repairs,
    ...(aimResult ? { aim: aimResult } : {}),
    ...(secondReading ? { secondReading } : {}),
    ...run.usage(guardRejected),
  };
}

export { ProviderError };
