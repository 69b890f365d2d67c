import { createHash } from 'node:crypto';
import { stripChatter } from '../chatter.ts';
import type { Faithfulness } from '../faithfulness/index.ts';
import { buildModelDoc, requiredSpans } from '../placeholders.ts';
import { toAsk, toHear, toHearLeftOut } from '../second-opinion.ts';
import { judgeAndRepair, type Dispute } from '../sentence-repair.ts';
import { SENTENCES_PER_OPINION } from '../loop-run.ts';
import { changeDelivered, goldSet, sentenceAround, squash, type GoldChange } from './gold.ts';
import type { Pair } from './pairs.ts';

/**
 * What a second opinion could do for the gold set, as a bound and not a model's answer (decision 0066): a judge
 * that disputes a sentence it hears holding a real fact change with probability `recall`, and any other sentence
 * it hears with probability `falseRate`, drawn from a hash of the pair and sentence (the same draws every run).
 * A judge's accuracy can only be measured with a model; these rows say what each accuracy would be worth.
 */
export interface JudgeBound {
  used: number;
  carrying: number;
  faithful: number;
  faithfulUsed: number;
  /** Calls per rewrite to hear every sentence asked (`SENTENCES_PER_OPINION` to a call, at most `SENTENCES_ASKED`). */
  calls: number;
}

/** As Deep asks with the server's default budget (DEFAULT_SECOND_OPINION_CALLS in apps/server): 3 calls. */
const SENTENCES_ASKED = 3 * SENTENCES_PER_OPINION;
const draw = (key: string): number => createHash('sha256').update(key).digest().readUInt32BE(0) / 2 ** 32;

/** Whether answer sentence k of judgement j holds one of the real changes, as a judge shown it beside its original would see. */
function holdsChange(p: Pair, j: Faithfulness, k: number, sure: readonly GoldChange[]): boolean {
  const said = squash(j.answerSentences[k]?.text ?? '');
  const own = squash((j.alignment[k] ?? []).map((i) => j.originalSentences[i]?.text ?? '').join(' '));
  return sure.some((c) => {
    if (c.rewrite) {
      const t = squash(sentenceAround(p.rewrite, c.rewrite));
      return t.length > 0 && (said.includes(t) || t.includes(said));
    }
    // A detail left out of a sentence that says the rest of its original.
    if (c.original) {
      const t = squash(p.original.slice(c.original[0], c.original[1]));
      return t.length > 0 && own.includes(t) && !said.includes(t);
    }
    return false;
  });
}

/** Whether original sentence i, left out of the delivered text, holds one of the real changes still delivered. */
function leftOutHolds(p: Pair, j: Faithfulness, i: number, sure: readonly GoldChange[], delivered: string): boolean {
  const s = j.originalSentences[i];
  if (!s) return false;
  return sure.some(
    (c) => c.original && c.original[0] < s.end && c.original[1] > s.start && changeDelivered(p, c, delivered),
  );
}

export function judgeBound(
  pairs: readonly Pair[],
  recall: number,
  falseRate: number,
  asks: 'doubted' | 'all',
  spans = false,
  /** Also ask about the sentences of the text left out whole (`toHearLeftOut`), after the rewritten ones. */
  leftOut = false,
): JudgeBound {
  const set = goldSet();
  const out: JudgeBound = { used: 0, carrying: 0, faithful: 0, faithfulUsed: 0, calls: 0 };
  let n = 0;
  for (const p of pairs) {
    const g = set.get(p.id);
    if (!g) continue;
    n++;
    const spanList = spans ? requiredSpans(buildModelDoc(p.original)) : [];
    const answer = stripChatter(p.rewrite, p.original).text;
    const sure = g.changes.filter((c) => !c.uncertain);
    let r = judgeAndRepair(p.original, answer, 'deep', spanList);
    // As the model loop asks (loop.ts `secondOpinion`): the sentences not heard yet, again after each repair that
    // brings back sentences of the answer, until none is new or the budget is spent.
    const j = r.judgement;
    const heard = new Set<number>();
    const heardLeftOut = new Set<number>();
    const disputed: Dispute[] = [];
    while (r.ok && recall + falseRate > 0 && heard.size + heardLeftOut.size < SENTENCES_ASKED) {
      const text = r.text;
      const room = (): number => SENTENCES_ASKED - heard.size - heardLeftOut.size;
      const ask = (asks === 'all' ? toAsk(j, text) : toHear(j, text)).filter((k) => !heard.has(k)).slice(0, room());
      for (const k of ask) heard.add(k);
      const left = leftOut
        ? toHearLeftOut(j, text)
            .map((x) => x.original)
            .filter((i) => !heardLeftOut.has(i))
            .slice(0, room())
        : [];
      for (const i of left) heardLeftOut.add(i);
      if (ask.length + left.length === 0) break;
      out.calls += Math.ceil(ask.length / SENTENCES_PER_OPINION) + Math.ceil(left.length / SENTENCES_PER_OPINION);
      const fresh: Dispute[] = [
        ...ask.filter(
          (k) => draw(`${p.id}|${k}|${recall}|${falseRate}`) < (holdsChange(p, j, k, sure) ? recall : falseRate),
        ),
        ...left
          .filter(
            (i) =>
              draw(`${p.id}|o${i}|${recall}|${falseRate}`) < (leftOutHolds(p, j, i, sure, text) ? recall : falseRate),
          )
          .map((i) => ({ original: i })),
      ];
      if (fresh.length === 0) break;
      disputed.push(...fresh);
      r = judgeAndRepair(p.original, answer, 'deep', spanList, 0, 0, disputed);
    }
    if (sure.length === 0) {
      out.faithful++;
      if (r.ok) out.faithfulUsed++;
    }
    if (r.ok) {
      out.used++;
      const text = r.text;
      if (sure.some((c) => changeDelivered(p, c, text))) out.carrying++;
    }
  }
  out.calls = n === 0 ? 0 : out.calls / n;
  return out;
}

const pc = (a: number, b: number): string => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);

/** The bound's table, as `bench:llm -- --recorded` prints it. */
export function printJudgeBound(pairs: readonly Pair[]): void {
  console.log(
    '== what a second opinion could reach (a judge of stated accuracy drawn on the gold labels: a bound, not a model)',
  );
  console.log('asked              spans  recall  false disputes  results carrying a change  faithful used  calls');
  // As the loop asks (decision 0067): every rewritten sentence, doubted first, then the sentences left out whole.
  const rows: [string, 'doubted' | 'all', boolean, number, number, boolean][] = [
    ['none', 'all', false, 0, 0, false],
    ['doubted sentences', 'doubted', false, 1, 0, false],
    ['doubted sentences', 'doubted', false, 0.8, 0.1, false],
    ['all, doubted first', 'all', false, 1, 0, false],
    ['all, doubted first', 'all', false, 0.8, 0.1, false],
    ['all, then left out', 'all', false, 1, 0, true],
    ['all, then left out', 'all', false, 0.9, 0.05, true],
    ['all, then left out', 'all', false, 0.8, 0.1, true],
    ['all, then left out', 'all', false, 0.6, 0.2, true],
    ['none', 'all', true, 0, 0, false],
    ['all, doubted first', 'all', true, 1, 0, false],
    ['all, then left out', 'all', true, 1, 0, true],
    ['all, then left out', 'all', true, 0.8, 0.1, true],
  ];
  for (const [label, asks, spans, recall, falseRate, leftOut] of rows) {
    const b = judgeBound(pairs, recall, falseRate, asks, spans, leftOut);
    console.log(
      `${label.padEnd(18)} ${(spans ? 'yes' : 'no').padEnd(5)}  ${recall.toFixed(2).padStart(6)}  ${falseRate.toFixed(2).padStart(14)}  ${`${b.carrying} of ${b.used} (${pc(b.carrying, b.used)})`.padStart(25)}  ${`${b.faithfulUsed}/${b.faithful} (${pc(b.faithfulUsed, b.faithful)})`.padStart(13)}  ${b.calls.toFixed(2).padStart(5)}`,
    );
  }
  console.log('');
}
