import { negationSpans } from './model/faithfulness/negation/count.ts';
import { OPENERS, PHRASES } from './data/phrases.ts';
import { LEXICON, inflectVerb, pluralize } from './data/lexicon.ts';
import { sameSentinels, SENTINEL_RE } from './protect.ts';
import { ALT_VOCAB, TELL_SURFACES } from './rules/words.ts';
import { fixArticles } from './repair.ts';
import { hasFiniteVerb } from './nlp.ts';

/** Meaning and grammar checks (notes 5.6). A variant that fails any of them is never emitted. */

const STOP = new Set(
  (
    'a an the and or but nor so yet of in on at to by with from into onto over under about above below after before between through during without within across against among around toward towards upon via as than ' +
    'is are was were be been being am has have had having do does did doing can could will would should may might must shall ' +
    'i me my mine we us our ours you your yours he him his she her hers it its they them their theirs this that these those there here what which who whom whose when where why how ' +
    'not no all any both each few more most other some such only own same too very just also then now even still again further once really quite rather much many lot lots ' +
    "if because while although though since unless until whether either neither one ones s t don't isn't aren't wasn't weren't can't won't doesn't didn't it's that's there's they're we're you're i'm"
  ).split(' '),
);

// Words that only ever appear in the filler the rules cut; losing them is not losing content.
const FILLER = new Set(
  (
    'important note noting worth mention mentioning crucial essential recognize remember understand today world fast-paced digital age era landscape realm ' +
    'comes role plays play played testament complexities complexity navigate navigating range variety array wide diverse broad order fact regard day end number ' +
    'potential potentially power unlock harness harnessing key takeaways evolve evolving deep dive integral part glimpse reminder serves lasting impact impression heart nestled rich history heritage ' +
    'forward ability able event prior subsequent foremost first unique truly incredibly moreover furthermore additionally addition consequently therefore thus hence nevertheless nonetheless however ' +
    'ultimately conclusion summary summarize sum overall notably importantly essentially essence subsequently conversely accordingly indeed firstly secondly thirdly lastly undoubtedly interestingly ' +
    'clear certainly absolutely sure great question hope helps let know feel free ask reach ai language model knowledge cutoff update breakdown goes saying needless generally speaking case argued ' +
    "significant vital pivotal myriad plethora tapestry culture foster delve dive intricacies explore let's look further milestone moment marks pivotal journey embark"
  ).split(' '),
);

export function tokens(s: string): string[] {
  return (
    s
      .replace(SENTINEL_RE, ' ')
      .toLowerCase()
      .match(/[a-z][a-z'-]*/g) ?? []
  ).map((w) => w.replace(/'s$/, ''));
}

export function wordCount(s: string): number {
  return s.split(/\s+/).filter((w) => /[\p{L}\p{N}\uE000]/u.test(w)).length;
}

const stemCache = new Map<string, string>();

/** Crude suffix stripping, memoised (the checks stem the same words many times per text). */
export function stem(w: string): string {
  let s = stemCache.get(w);
  if (s === undefined) {
    if (stemCache.size > 50_000) stemCache.clear();
    stemCache.set(w, (s = stemUncached(w)));
  }
  return s;
}

function stemUncached(w: string): string {
  let s = w.toLowerCase().replace(/'s$/, '');
  if (s.length > 5 && s.endsWith('ies')) s = s.slice(0, -3) + 'y';
  else if (s.length > 4 && s.endsWith('ing')) s = s.slice(0, -3);
  else if (s.length > 4 && s.endsWith('ed')) s = s.slice(0, -2);
  else if (s.length > 3 && s.endsWith('es')) s = s.slice(0, -2);
  else if (s.length > 3 && s.endsWith('s') && !s.endsWith('ss')) s = s.slice(0, -1);
  else if (s.length > 4 && s.endsWith('ly')) s = s.slice(0, -2);
  return s.replace(/e$/, '');
}

/** tell stem → stems of its alternatives; a swapped tell still counts as recalled content. */
const SYN = (() => {
  const m = new Map<string, Set<string>>();
  for (const e of LEXICON) {
    const head = stem(e.word.split(' ')[0] ?? e.word);
    const set = m.get(head) ?? new Set<string>();
    for (const a of [...e.alts, ...(e.toAlts ?? [])]) for (const w of a.split(' ')) if (!STOP.has(w)) set.add(stem(w));
    if (e.pos === 'noun') for (const a of e.alts) set.add(stem(pluralize(a)));
    if (e.pos === 'verb')
      for (const a of e.alts) {
        const v = inflectVerb(a.split(' ')[0] ?? a);
        for (const f of [v.past, v.part, v.s, v.ing]) set.add(stem(f));
      }
    m.set(head, set);
  }
  return m;
})();

export function contentStems(s: string): string[] {
  return tokens(s)
    .filter((w) => w.length > 2 && !STOP.has(w) && !FILLER.has(w))
    .map(stem);
}

/** Share of the original's content words (by stem, synonyms from the lexicon allowed) found in the output. */
/**
 * An edit that makes a sentence say the same content word twice where it said it once ("experience in digital
 * marketing and experience driving engagement") reads as careless: true when some content word (four letters
 * or more, stemmed) occurs at least twice in `output` and more often than in `original`.
 */
export function repeatsAWord(original: string, output: string): boolean {
  const counts = (s: string): Map<string, number> => {
    const m = new Map<string, number>();
    for (const w of tokens(s)) {
      if (w.length < 4 || STOP.has(w)) continue;
      const k = stem(w);
      m.set(k, (m.get(k) ?? 0) + 1);
    }
    return m;
  };
  const before = counts(original);
  for (const [k, n] of counts(output)) if (n >= 2 && n > (before.get(k) ?? 0)) return true;
  return false;
}

export function contentRecall(original: string, output: string): number {
  return recallOfStems(contentStems(original), output);
}

/** contentRecall with the original's content stems computed once by the caller. */
export function recallOfStems(orig: string[], output: string): number {
  if (orig.length === 0) return 1;
  // Every stem of the output counts (content stems are a subset), and so does a tell's alternative.
  const outAll = new Set(tokens(output).map(stem));
  let hit = 0;
  for (const w of orig) {
    if (outAll.has(w)) hit++;
    else {
      const syn = SYN.get(w);
      if (syn && [...syn].some((x) => outAll.has(x))) hit++;
    }
  }
  return hit / orig.length;
}

/**
 * How many times a text says "not", read by the check's one negation lexicon (model/faithfulness/negation): set
 * phrases that deny nothing ("not only … but", "do not hesitate", "can't wait") are left out.
 */
export function negations(s: string): number {
  return negationSpans(s).length;
}

function modality(s: string): [number, number] {
  const t = s.toLowerCase();
  const weak = (t.match(/\b(?:may|might|could|perhaps|maybe|possibly)\b/g) ?? []).length;
  const strong = (t.match(/\b(?:will|must|shall|won't)\b|'ll\b/g) ?? []).length;
  return [weak, strong];
}

function digits(s: string): string {
  return (s.replace(SENTINEL_RE, ' ').match(/\d+/g) ?? []).join(',');
}

function balanced(s: string): boolean {
  const count = (re: RegExp): number => (s.match(re) ?? []).length;
  return count(/\(/g) === count(/\)/g) && count(/\[/g) === count(/\]/g) && count(/"/g) % 2 === 0;
}

function doubled(s: string): number {
  return (s.toLowerCase().match(/\b(\w+) \1\b/g) ?? []).length;
}

const EXTRA_VOCAB = new Set(
  (
    'and but so which also then this it that these they them he she we you its their there here to a an the of in on for with as by was were is are be been had has have do does did not ' +
    "don't doesn't didn't isn't aren't wasn't weren't couldn't wouldn't shouldn't hasn't haven't hadn't can't won't it's that's there's here's he's she's what's who's they're we're you're i'm i'll we'll they'll you'll it'll " +
    'can still though because while when after even too'
  ).split(' '),
);
const PHRASE_VOCAB = (() => {
  const set = new Set<string>();
  for (const r of [...PHRASES, ...OPENERS]) for (const a of r.alts) for (const w of tokens(a)) set.add(w);
  return set;
})();

function knownWord(w: string): boolean {
  return ALT_VOCAB.has(w) || EXTRA_VOCAB.has(w) || PHRASE_VOCAB.has(w);
}

export interface SentenceCheck {
  ok: boolean;
  reason?: string;
}

export interface CheckOpts {
  /** The variant splits or merges sentences: every resulting sentence must keep a finite verb. */
  structural?: boolean;
  minRecall?: number;
}

const stockless = new Map<string, string>();

/**
 * The sentence with its stock phrases taken out: a stock phrase is rewritten as a whole ("a proven track record of
 * leading" / "experience leading"), so its words are not content the rewrite must keep. Cached, since every step
 * of a sentence is checked against the same original.
 */
function withoutStockPhrases(s: string): string {
  let out = stockless.get(s);
  if (out !== undefined) return out;
  out = s;
  for (const r of PHRASES) out = out.replace(r.re, ' ');
  if (stockless.size >= 2000) stockless.clear();
  stockless.set(s, out);
  return out;
}

/** Check one rewritten sentence (masked text) against its original. */
export function checkSentence(original: string, output: string, opts: CheckOpts = {}): SentenceCheck {
  if (output === original) return { ok: true };
  if (output.trim() === '') return { ok: false, reason: 'empty' };
  if (!sameSentinels(original, output)) return { ok: false, reason: 'spans' };
  if (digits(original) !== digits(output)) return { ok: false, reason: 'numbers' };
  if (negations(original) !== negations(output)) return { ok: false, reason: 'negation' };
  const [w0, s0] = modality(original);
  const [w1, s1] = modality(output);
  if (w0 !== w1 || s0 !== s1) return { ok: false, reason: 'modality' };
  const lo = wordCount(original);
  const lr = wordCount(output) / Math.max(1, lo);
  if (lo >= 4 && (lr < 0.5 || lr > 1.6)) {
    // Cutting pure filler ("It is important to note that") may shorten a sentence a lot; that is the point.
    const outToks = new Set(tokens(output));
    const lostContent = tokens(original).some((w) => !outToks.has(w) && !STOP.has(w) && !FILLER.has(w));
    if (lr > 1.6 || lostContent) return { ok: false, reason: 'length' };
  }
  if (/ {2}| ,| \.|,,|\.\.(?!\.)/.test(output) && !/ {2}| ,| \.|,,/.test(original))
    return { ok: false, reason: 'spacing' };
  if (!balanced(output) && balanced(original)) return { ok: false, reason: 'brackets' };
  if (doubled(output) > doubled(original)) return { ok: false, reason: 'doubled' };
  if (fixArticles(output) !== output && fixArticles(original) === original) return { ok: false, reason: 'article' };
  const origStart = /^[\s("'\u201c\u2018]*[A-Z\uE000\d]/.test(original);
  if (origStart && !/^[\s("'\u201c\u2018]*[A-Z\uE000\d]/.test(output)) return { ok: false, reason: 'capital' };
  // Every sentence inside the output starts properly too (a break that left "… everything. it is fast").
  if (/[.!?]["'\u201d\u2019)]*\s+[a-z]/.test(output) && !/[.!?]["'\u201d\u2019)]*\s+[a-z]/.test(original))
    return { ok: false, reason: 'inner capital' };
  const endRe = /[.!?\u2026:]["'\u201d\u2019)\]]*$|\uE001$/;
  if (endRe.test(original) && !endRe.test(output)) return { ok: false, reason: 'ending' };
  const origWords = new Set(tokens(original));
  for (const w of tokens(output)) {
    if (!origWords.has(w) && !knownWord(w)) return { ok: false, reason: `new word "${w}"` };
    if (TELL_SURFACES.has(w) && !origWords.has(w)) return { ok: false, reason: `new tell "${w}"` };
  }
  const recall = contentRecall(withoutStockPhrases(original), output);
  if (recall < (opts.minRecall ?? 0.75)) return { ok: false, reason: 'recall' };
  if (opts.structural && hasFiniteVerb(original)) {
    const parts = output.split(/(?<=[.!?])\s+(?=[A-Z\uE000])/);
    for (const p of parts) if (!hasFiniteVerb(p)) return { ok: false, reason: 'fragment' };
  }
  return { ok: true };
}
