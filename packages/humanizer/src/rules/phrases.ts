import { ARTIFACT_INLINE, ARTIFACT_SENTENCES, OPENERS, PHRASES, type PhraseRule } from '../data/phrases.ts';
import { inflectVerb } from '../data/lexicon.ts';
import { choose, matchCase, type RuleCtx } from './context.ts';
import { subjectNumber, type SubjectNumber } from './grammar.ts';

const PARTICIPLE_CUES = /^(?:has|have|had|having|been|'s|'ve|'d)$/i;
const BASE_CUES = /^(?:to|can|could|will|would|may|might|must|should|shall|do|does|did|not|n't)$/i;

function prevWord(s: string, index: number): string {
  const m = /([A-Za-z']+)[^A-Za-z']*$/.exec(s.slice(0, index));
  return (m?.[1] ?? '').toLowerCase();
}

type VerbSlot = 'base' | 's' | 'past' | 'part' | 'ing' | 'present';

/** The form of the verb a verb rule matched, from its head word and the word before it. */
function slotOf(head: string, prev: string, rule: PhraseRule): VerbSlot {
  if (rule.tense === 'present') return 'present';
  const h = head.toLowerCase();
  if (h.endsWith('ing')) return 'ing';
  if (h.endsWith('ed') || h === 'left') return PARTICIPLE_CUES.test(prev) ? 'part' : 'past';
  if (/[^s]s$|sses$|shes$|ches$/.test(h)) return 's';
  return BASE_CUES.test(prev) ? 'base' : 'present';
}

/**
 * Inflect a template ("{be} central to") for the slot; forms that carry number ("present" and the past of
 * "be") follow the subject. Null when the number is needed and unknown (the template is not used).
 */
function inflectTemplate(t: string, slot: VerbSlot, subject: SubjectNumber | null): string | null {
  const m = /^\{(\w+)\}(.*)$/.exec(t);
  if (!m) return t;
  const lemma = m[1] ?? '';
  const rest = m[2] ?? '';
  const f = inflectVerb(lemma);
  const be = lemma === 'be';
  let head: string | null;
  switch (slot) {
    case 'base':
      head = f.base;
      break;
    case 's':
      head = f.s;
      break;
    case 'ing':
      head = f.ing;
      break;
    case 'part':
      head = f.part;
      break;
    case 'past':
      head = !be ? f.past : subject === null ? null : subject === 'pl' ? 'were' : 'was';
      break;
    case 'present':
      head = subject === null ? null : subject === 'sg' ? f.s : be ? (subject === 'i' ? 'am' : 'are') : f.base;
      break;
  }
  return head === null ? null : head + rest;
}

function applyTable(sentence: string, table: readonly PhraseRule[], ctx: RuleCtx, prob: number): string {
  let s = sentence;
  for (const rule of table) {
    rule.re.lastIndex = 0;
    if (!rule.re.test(s)) continue;
    rule.re.lastIndex = 0;
    s = s.replace(rule.re, (m: string, offset: number, whole: string) => {
      if (ctx.rng() >= prob) return m;
      if (!rule.verbAlts) {
        // "It is important to recognize that A and that B": cutting the lead-in would leave "and that B" dangling.
        let alts = rule.alts;
        if (/\bthat\s*$/i.test(m) && /\band that\b/i.test(whole.slice(offset + m.length))) {
          alts = alts.filter((a) => a.trim() !== '');
          if (alts.length === 0) return m;
        }
        const alt = choose(ctx, alts);
        // The pass without deletions (a conservative variant) keeps a phrase whose only replacement is a deletion.
        if (alt.trim() === '' && ctx.noDelete) return m;
        return matchCase(m, alt);
      }
      // A verb phrase: the replacement's head takes the matched verb's form and agrees with its subject.
      const slot = slotOf(m.split(' ')[0] ?? m, prevWord(whole, offset), rule);
      const needsSubject = slot === 'present' || slot === 'past';
      const subject = needsSubject ? subjectNumber(whole, offset) : null;
      const alts = rule.verbAlts.map((t) => inflectTemplate(t, slot, subject)).filter((a): a is string => a !== null);
      if (alts.length === 0) return m;
      return matchCase(m, choose(ctx, alts));
    });
  }
  return s;
}

/** Stock phrases and hedges (notes 2.E, 2.F). */
export function replacePhrases(sentence: string, ctx: RuleCtx, prob = 1): string {
  return applyTable(sentence, PHRASES, ctx, prob);
}

/** Stock sentence openers (notes 2.D); one opener at most, so only the first matching rule fires. */
export function replaceOpener(sentence: string, ctx: RuleCtx, prob = 1): string {
  for (const rule of OPENERS) {
    rule.re.lastIndex = 0;
    if (rule.re.test(sentence)) {
      rule.re.lastIndex = 0;
      if (ctx.rng() >= prob) return sentence;
      // "Also, the change has also led to…": an opener whose word the sentence already has is not used.
      const words = new Set(sentence.toLowerCase().match(/[a-z']+/g) ?? []);
      const alts = rule.alts.filter((a) => !words.has((a.trim().split(/[\s,]+/)[0] ?? '').toLowerCase()));
      if (alts.length === 0) return sentence;
      const alt = choose(ctx, alts);
      return sentence.replace(rule.re, alt);
    }
  }
  return sentence;
}

/** Whole chatbot-leftover sentences are dropped (returns ''); inline leftovers are cut. */
export function removeArtifacts(sentence: string, ctx: RuleCtx): string {
  const t = sentence.trim();
  // Only short leftovers go whole; a long sentence that opens like one still carries content.
  if (t.split(/\s+/).length <= 14 && ARTIFACT_SENTENCES.some((re) => re.test(t))) return '';
  return applyTable(sentence, ARTIFACT_INLINE, ctx, 1);
}
