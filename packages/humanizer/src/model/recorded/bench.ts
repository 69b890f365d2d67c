import { corpusDir } from '../../corpus.ts';
import { detectScore } from '../../detector.ts';
import { humanize } from '../../index.ts';
import type { HumanizeResult, LlmConfig, Mode } from '../../types.ts';
import { contested } from '../consensus.ts';
import { stripChatter } from '../chatter.ts';
import { checkFaithful, forgetPrepared, splitSentences } from '../faithfulness/index.ts';
import { buildModelDoc, requiredSpans } from '../placeholders.ts';
import { judgeAndRepair } from '../sentence-repair.ts';
import { toAsk, toHear, toHearLeftOut } from '../second-opinion.ts';
import { DRIFT_KINDS, plantDrift, saltOf, type DriftKind } from './drift.ts';
import { printGold } from './gold.ts';
import { printJudgeBound } from './judge-bound.ts';
import { factChange, loadPairs, PAIR_KINDS, type Pair, type PairKind } from './pairs.ts';
import { startRecordedProvider } from './provider.ts';

/**
 * `npm run bench:llm -- --recorded`: the faithfulness check and the model loop on real rewrites by real
 * models (the corpus's recorded pairs), served over HTTP by the recorded provider. Prints, by pair kind:
 * used whole / repaired / set aside (by reason), content recall and the detector before/after; by drift
 * kind the share caught; the check's ms per 500 words; Deep against Lightning end to end; and 8 Deep
 * rewrites at once against one, with a provider that answers after 2 s. Options: --e2e N (texts per kind
 * end to end, default 4), --check-only (sections 1 and 2 only).
 */
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : (s[Math.floor(s.length / 2)] as number);
};
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const pc = (n: number, d: number): string => `${((100 * n) / Math.max(1, d)).toFixed(1)}%`;
const words = (s: string): number => s.split(/\s+/).filter(Boolean).length;

export async function benchRecorded(args: string[]): Promise<void> {
  const argOf = (name: string): string | undefined => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const loaded = loadPairs();
  const { skipped } = loaded;
  // As Deep reads an answer: what the model said around the rewrite ("Here is …:", hashtags, "I hope this
  // helps!") is taken off first.
  let chatty = 0;
  const pairs = loaded.pairs.map((p) => {
    const s = stripChatter(p.rewrite, p.original);
    if (s.removed.length === 0) return p;
    chatty++;
    return { ...p, rewrite: s.text };
  });
  if (pairs.length === 0) {
    console.log(`no recorded pairs: the corpus was not found at ${corpusDir()} (set CORPUS_DIR)`);
    return;
  }
  console.log(`recorded pairs from ${corpusDir()}: ${pairs.length}`);
  console.log(
    `left out (no original in the group shares enough words: written for the same prompt, not from a recorded text): ${
      Object.entries(skipped)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ') || 'none'
    }`,
  );
  console.log(
    `rewrites with words around them taken off first ("Here is …:", hashtags, "I hope this helps!"): ${chatty}\n`,
  );

  // 1. The check on every pair: used whole, repaired, set aside by reason; recall; timing.
  checkFaithful('A warm-up sentence loads the dictionary.', 'A warm-up sentence loads the dictionary.');
  let ms = 0;
  let wordsChecked = 0;
  const byKind = new Map<
    PairKind,
    {
      n: number;
      whole: number;
      repaired: number;
      aside: Map<string, number>;
      recall: number[];
      withSpans: number;
      before: number[];
      after: number[];
    }
  >();
  const usedWhole = new Set<Pair>();
  // Rewrites that themselves change a fact are not faithful rewrites: listed, and judged apart.
  const changed = pairs.filter((p) => factChange(p) !== null);
  const faithful = pairs.filter((p) => factChange(p) === null);
  const reasons = new Map<string, Map<PairKind, number>>();
  for (const p of changed) {
    const r = factChange(p) as string;
    const m = reasons.get(r) ?? new Map<PairKind, number>();
    m.set(p.kind, (m.get(p.kind) ?? 0) + 1);
    reasons.set(r, m);
  }
  for (const [r, m] of reasons)
    console.log(
      `excluded, the recorded rewrite itself changes a fact (${r}): ${[...m].map(([k, n]) => `${k} ${n}`).join(', ')}`,
    );
  if (changed.length > 0) {
    const caught = changed.filter((p) => {
      const r = judgeAndRepair(p.original, p.rewrite, 'deep');
      return !r.ok || r.repairs.length > 0;
    }).length;
    console.log(`  of these, the check set aside or repaired ${caught} of ${changed.length}\n`);
  }
  for (const p of faithful) {
    // Timed as the first text seen: nothing prepared before counts.
    forgetPrepared();
    const t = performance.now();
    const r = judgeAndRepair(p.original, p.rewrite, 'deep');
    ms += performance.now() - t;
    wordsChecked += words(p.original);
    const k = byKind.get(p.kind) ?? {
      n: 0,
      whole: 0,
      repaired: 0,
      aside: new Map<string, number>(),
      recall: [],
      withSpans: 0,
      before: [],
      after: [],
    };
    k.n++;
    // As Deep runs it: the protected spans it finds in the text (numbers, names, quotations) must come back.
    if (judgeAndRepair(p.original, p.rewrite, 'deep', requiredSpans(buildModelDoc(p.original))).ok) k.withSpans++;
    k.recall.push(r.judgement.recall);
    // The detector on the user's text and on what Deep would deliver from this answer (whole or repaired).
    if (r.ok) {
      k.before.push(detectScore(p.original).score);
      k.after.push(detectScore(r.text).score);
    }
    if (r.ok && r.repairs.length === 0) {
      k.whole++;
      usedWhole.add(p);
    } else if (r.ok) k.repaired++;
    else k.aside.set(r.drift, (k.aside.get(r.drift) ?? 0) + 1);
    byKind.set(p.kind, k);
  }
  console.log('== the faithfulness check on real rewrites (Deep tolerances)');
  console.log(
    'kind              pairs  used   whole  repaired  set aside (by reason)                      recall p50  used with spans  detector (used)',
  );
  for (const kind of PAIR_KINDS) {
    const k = byKind.get(kind);
    if (!k) continue;
    const aside = [...k.aside.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([r, n]) => `${r} ${n}`)
      .join(', ');
    console.log(
      `${kind.padEnd(17)} ${String(k.n).padStart(5)}  ${pc(k.whole + k.repaired, k.n).padStart(6)} ${String(k.whole).padStart(5)} ${String(k.repaired).padStart(9)}  ${(String(k.n - k.whole - k.repaired) + (aside ? ` (${aside})` : '')).padEnd(42)} ${median(k.recall).toFixed(2)}        ${pc(k.withSpans, k.n).padStart(6)}           ${mean(k.before).toFixed(1)} -> ${mean(k.after).toFixed(1)}`,
    );
  }
  console.log(
    `faithfulness check: ${((ms / Math.max(1, wordsChecked)) * 500).toFixed(2)} ms per 500 words (check and repair)`,
  );
  // Long texts: eight faithful pairs joined into one text (and their rewrites into one answer), so the figure
  // also holds where a paste runs to a thousand words and more.
  let longMs = 0;
  let longWords = 0;
  let longTexts = 0;
  for (let g = 0; g + 8 <= faithful.length && longTexts < 24; g += 8, longTexts++) {
    const group = faithful.slice(g, g + 8);
    const original = group.map((p) => p.original).join('\n\n');
    forgetPrepared();
    const t = performance.now();
    judgeAndRepair(original, group.map((p) => p.rewrite).join('\n\n'), 'deep');
    longMs += performance.now() - t;
    longWords += words(original);
  }
  if (longWords > 0)
    console.log(
      `  on ${longTexts} long texts (8 pairs joined, ${Math.round(longWords / longTexts)} words on average): ${((longMs / longWords) * 500).toFixed(2)} ms per 500 words`,
    );
  console.log(
    'used with spans: the same check with the protected spans Deep finds in the text (numbers, names, quotations),\n' +
      'each of which must come back; the recorded rewrites were not written with placeholders\n' +
      "detector (used): our detector's mean score (0-100) on the original and on the text used from the answer\n" +
      '(whole or repaired); most originals here are human texts, which a model rewrite makes read as more machine-written\n',
  );

  // 1b. The gold set: real fact changes read by hand, and whether they reach what Deep delivers.
  printGold(loaded.pairs);
  printJudgeBound(loaded.pairs);

  // 2. Planted drift on rewrites the check uses whole: caught when the variant is not used whole.
  const caught = new Map<DriftKind, [number, number]>();
  const whole = pairs.filter((p) => usedWhole.has(p));
  whole.forEach((p) => {
    // The unrelated text: another rewrite used whole, picked by the pair's salt (never the pair's own).
    const picked = whole[(saltOf(p.id) + 97) % whole.length]?.rewrite ?? '';
    const other = picked === p.rewrite ? (whole[0]?.rewrite ?? '') : picked;
    for (const kind of DRIFT_KINDS) {
      const v = plantDrift(kind, p.original, p.rewrite, other, saltOf(p.id));
      if (v === null || v === p.rewrite) continue;
      const r = judgeAndRepair(p.original, v, 'deep');
      const c = caught.get(kind) ?? [0, 0];
      c[0]++;
      if (!r.ok || r.repairs.length > 0) c[1]++;
      caught.set(kind, c);
    }
  });
  console.log(`== planted drift (one change each, in ${whole.length} rewrites the check uses whole)`);
  for (const kind of DRIFT_KINDS) {
    const c = caught.get(kind);
    if (c) console.log(`${kind.padEnd(14)} caught ${pc(c[1], c[0]).padStart(6)} of ${c[0]}`);
  }
  console.log('');

  // 2b. The other drafts as witnesses (Deep writes several): where the corpus holds other models' rewrites of
  // the same text (L2R: GPT-4o, Gemini and Llama-3), they stand in for the drafts Deep would have beside this one.
  const siblingsOf = new Map<string, Pair[]>();
  for (const p of faithful) siblingsOf.set(p.original, [...(siblingsOf.get(p.original) ?? []), p]);
  const judged = new Map<Pair, ReturnType<typeof checkFaithful>>();
  const judgementOf = (p: Pair): ReturnType<typeof checkFaithful> => {
    let j = judged.get(p);
    if (!j) judged.set(p, (j = checkFaithful(p.original, p.rewrite, 'deep')));
    return j;
  };
  let withSiblings = 0;
  let contestedWhole = 0;
  const byWitness = new Map<DriftKind, [number, number, number]>();
  whole.forEach((p) => {
    const others = (siblingsOf.get(p.original) ?? []).filter((q) => q !== p).map(judgementOf);
    if (others.length === 0) return;
    withSiblings++;
    if (contested(judgementOf(p), others).length > 0) contestedWhole++;
    for (const kind of ['antonym', 'negation'] as const) {
      const v = plantDrift(kind, p.original, p.rewrite, '', saltOf(p.id));
      if (v === null || v === p.rewrite) continue;
      const c = byWitness.get(kind) ?? [0, 0, 0];
      c[0]++;
      const r = judgeAndRepair(p.original, v, 'deep');
      if (!r.ok || r.repairs.length > 0) {
        c[1]++;
        c[2]++;
      } else if (contested(r.judgement, others).length > 0) c[2]++;
      byWitness.set(kind, c);
    }
  });
  console.log(
    `== the other drafts as witnesses (${withSiblings} rewrites used whole whose text has other models' rewrites)`,
  );
  for (const [kind, [n, alone, withOthers]] of byWitness)
    console.log(
      `${kind.padEnd(14)} caught ${pc(alone, n).padStart(6)} by the check, ${pc(withOthers, n).padStart(6)} with the other drafts, of ${n}`,
    );
  console.log(
    `faithful rewrites the other drafts contest (a sentence repaired): ${pc(contestedWhole, withSiblings)}\n`,
  );

  // 2c. The second opinion (on for Deep by the server: decision 0066): which sentences it would be asked about. It can only be
  // measured here for what it is asked, not for what a model answers: the reach is the share of planted drifts
  // the checks miss whose changed sentence is put to it.
  const reach = new Map<DriftKind, [number, number, number]>();
  for (const p of whole)
    for (const kind of ['antonym', 'negation'] as const) {
      const v = plantDrift(kind, p.original, p.rewrite, '', saltOf(p.id));
      if (v === null || v === p.rewrite) continue;
      const r = judgeAndRepair(p.original, v, 'deep');
      if (!r.ok || r.repairs.length > 0) continue;
      const c = reach.get(kind) ?? [0, 0, 0];
      c[0]++;
      const before = new Set(splitSentences(p.rewrite).map((s) => s.text));
      const j = r.judgement;
      const asked = toAsk(j, r.text).slice(0, 24);
      if (asked.some((k) => !before.has(j.answerSentences[k]?.text ?? ''))) c[1]++;
      if (toHear(j, r.text).some((k) => !before.has(j.answerSentences[k]?.text ?? ''))) c[2]++;
      reach.set(kind, c);
    }
  let askedDoubts = 0;
  let askedClaims = 0;
  let askedMore = 0;
  let askedRest = 0;
  let askedLeftOut = 0;
  let askedWords = 0;
  let calls = 0;
  for (const p of faithful) {
    const j = judgementOf(p);
    // As the loop asks: about the sentences of the answer still in the text it would deliver.
    const r = judgeAndRepair(p.original, p.rewrite, 'deep');
    const doubted = toHear(j, r.ok ? r.text : p.rewrite);
    const heard = toAsk(j, r.ok ? r.text : p.rewrite);
    const left = r.ok ? toHearLeftOut(j, r.text).length : 0;
    askedDoubts += doubted.filter((k) => j.doubts.includes(k)).length;
    askedClaims += doubted.filter((k) => j.claims.includes(k)).length;
    askedMore += doubted.filter((k) => !j.doubts.includes(k) && !j.claims.includes(k)).length;
    askedRest += heard.length - doubted.length;
    askedLeftOut += left;
    askedWords += words(p.rewrite);
    // The sentences left out whole go in calls of their own, after the rewritten ones (decision 0067).
    const rewritten = Math.min(24, heard.length);
    calls += Math.ceil(rewritten / 8) + Math.ceil(Math.min(24 - rewritten, left) / 8);
  }
  console.log(
    '== the second opinion (HUMANIZER_SECOND_OPINION_CALLS; Deep: 3 calls by default): what it would be asked',
  );
  for (const [kind, [n, asked, doubted]] of reach)
    console.log(
      `${kind.padEnd(14)} of ${n} planted the checks miss, ${pc(asked, n)} are put to it (${pc(doubted, n)} among the sentences the rules doubt)`,
    );
  const per500 = (n: number): string => ((500 * n) / Math.max(1, askedWords)).toFixed(2);
  console.log(
    `on the faithful rewrites: ${per500(askedDoubts)} doubted, ${per500(askedClaims)} claim and ` +
      `${per500(askedMore)} soft or thin sentences, then ${per500(askedRest)} other rewritten sentences and ` +
      `${per500(askedLeftOut)} sentences of the text left out whole per 500 words; ` +
      `${(calls / Math.max(1, faithful.length)).toFixed(2)} calls per rewrite to hear them (8 to a call, at most 3 calls)\n`,
  );

  if (args.includes('--check-only')) return;

  // 3. End to end through humanize() with the recorded provider over HTTP.
  const perKind = Number(argOf('--e2e') ?? 4);
  const sample: Pair[] = [];
  const seen = new Map<string, number>();
  for (const p of faithful) {
    if ((seen.get(p.kind) ?? 0) >= perKind || words(p.original) > 450) continue;
    seen.set(p.kind, (seen.get(p.kind) ?? 0) + 1);
    sample.push(p);
  }
  const provider = await startRecordedProvider(pairs);
  const llm: LlmConfig = { baseURL: provider.url, model: 'recorded', apiKey: 'recorded' };
  try {
    console.log(`== end to end: ${sample.length} texts (${perKind} per kind), recorded provider at ${provider.url}`);
    const figures = new Map<Mode, HumanizeResult[]>();
    for (const mode of ['lightning', 'deep'] as Mode[]) {
      const rs: HumanizeResult[] = [];
      for (const p of sample) rs.push(await humanize(p.original, { mode, llm, seed: 1 }));
      figures.set(mode, rs);
      const model = rs.filter((r) => r.engine === 'model');
      const repaired = model.filter((r) => r.repairedSentences > 0);
      const reasons = new Map<string, number>();
      for (const r of rs) if (r.fallbackReason) reasons.set(r.fallbackReason, (reasons.get(r.fallbackReason) ?? 0) + 1);
      const drop = rs.map((r) => (r.scoreBefore ?? 0) - (r.scoreAfter ?? 0));
      console.log(
        `${mode.padEnd(9)} model ${model.length}/${rs.length} (repaired ${repaired.length}), fallback ${rs.length - model.length}${
          reasons.size ? ` (${[...reasons].map(([k, n]) => `${k} ${n}`).join(', ')})` : ''
        }; answers per text ${mean(rs.map((r) => r.candidates)).toFixed(1)}; detector ${mean(rs.map((r) => r.scoreBefore ?? 0)).toFixed(1)} -> ${mean(rs.map((r) => r.scoreAfter ?? 0)).toFixed(1)} (mean drop ${mean(drop).toFixed(1)}); not better than the input ${rs.filter((r) => !r.improved).length}`,
      );
    }
    const kinds = [...new Set(sample.map((p) => p.kind))];
    console.log('by kind (deep): detector before -> after, model used');
    for (const kind of kinds) {
      const idx = sample.map((p, i) => (p.kind === kind ? i : -1)).filter((i) => i >= 0);
      const rs = idx.map((i) => (figures.get('deep') ?? [])[i] as HumanizeResult);
      console.log(
        `  ${kind.padEnd(16)} ${mean(rs.map((r) => r.scoreBefore ?? 0)).toFixed(1)} -> ${mean(rs.map((r) => r.scoreAfter ?? 0)).toFixed(1)}, model ${rs.filter((r) => r.engine === 'model').length}/${rs.length}`,
      );
    }
  } finally {
    await provider.close();
  }

  // 4. Model waits do not serialise: 8 Deep rewrites at once against one, provider answering after 2 s.
  const slow = await startRecordedProvider(pairs, { delayMs: 2000 });
  try {
    const slowLlm: LlmConfig = { baseURL: slow.url, model: 'recorded', apiKey: 'recorded' };
    const texts = sample.slice(0, 8).map((p) => p.original);
    // Texts differ in how many model rounds they need: "one" is the slowest of them alone.
    const alone: number[] = [];
    for (const t of texts) {
      const t1 = performance.now();
      await humanize(t, { mode: 'deep', llm: slowLlm, seed: 3 });
      alone.push(performance.now() - t1);
    }
    const one = Math.max(...alone);
    const t8 = performance.now();
    await Promise.all(texts.map((t) => humanize(t, { mode: 'deep', llm: slowLlm, seed: 3 })));
    const eight = performance.now() - t8;
    console.log(
      `\n== concurrency (in process; the server figures: apps/server bench-pool): each Deep rewrite alone ${alone
        .map((x) => (x / 1000).toFixed(1))
        .join(
          ', ',
        )} s (slowest ${(one / 1000).toFixed(1)} s), 8 at once ${(eight / 1000).toFixed(1)} s (${(eight / one).toFixed(2)}x the slowest alone); provider max in flight ${slow.maxInFlight}`,
    );
  } finally {
    await slow.close();
  }
}
