import { lemma, synonyms } from '../../lexical.ts';
import type { SentenceCheck } from '../context.ts';
import type { Rule } from '../types.ts';
import { STOP, flat } from '../words.ts';

/**
 * Who did what to whom: the doer and the one it was done to, read around a verb both sentences share ("the
 * council fined the company" / "the company fined the council"). Passive sentences are read the other way round
 * ("the company was fined by the council" keeps it).
 */

const BE = new Set('is are was were be been being am get gets got gotten'.split(' '));

interface Roles {
  doer: string;
  done: string;
}

/** The doer and the one done to around each verb lemma said once in the text (content words next to it). */
function rolesOf(text: string): Map<string, Roles | null> {
  const words = flat(text).split(' ').filter(Boolean);
  const out = new Map<string, Roles | null>();
  words.forEach((w, k) => {
    if (STOP.has(w) || w.length < 3) return;
    const v = lemma(w);
    if (out.has(v)) {
      out.set(v, null); // said twice: not read
      return;
    }
    let a = k - 1;
    while (a >= 0 && STOP.has(words[a] as string)) a--;
    let b = k + 1;
    while (b < words.length && STOP.has(words[b] as string)) b++;
    if (a < 0 || b >= words.length) return;
    const before = words[k - 1] ?? '';
    const passive = BE.has(before) && words.slice(k + 1, b).includes('by');
    const left = lemma(words[a] as string);
    const right = lemma(words[b] as string);
    out.set(v, passive ? { doer: right, done: left } : { doer: left, done: right });
  });
  return out;
}

const same = (x: string, y: string): boolean => x === y || synonyms(x, y);

export const rolesSwapped: Rule<SentenceCheck> = {
  id: 'reversed.roles',
  drift: 'antonym',
  why: 'the doer and the one it was done to swapped around the same verb ("the council fined the company" / "the company fined the council") reverses who did what',
  exceptions: [
    { id: 'passive', why: 'a passive sentence names the doer after "by" ("was fined by the council")' },
    { id: 'verb-said-twice', why: 'a verb said twice in a sentence is not read (which one is which cannot be told)' },
  ],
  check: (s) => {
    if (s.followed.length === 0 || s.bestSim < 0.3) return null;
    const o = rolesOf(s.followed.map((i) => s.c.o.sentences[i]?.text ?? '').join(' '));
    const a = rolesOf(s.text);
    for (const [v, ra] of a) {
      const ro = o.get(v);
      if (!ra || !ro || same(ro.doer, ro.done)) continue;
      if (same(ro.doer, ra.done) && same(ro.done, ra.doer))
        return { detail: `who did what was turned around ("${ro.doer}" and "${ro.done}")` };
    }
    return null;
  },
};
