/**
 * Structural operators for Deep: sentence split, merge and clause moves. They change rhythm, which is
 * what moves the stylometric detectors (notes section 8); every result still goes through the finite-verb
 * and meaning checks before it can be used.
 */
const LOWERABLE = new Set(
  'the a an this that these those it its we they he she you our their his her my your there many most some people each every one all both such what when while if as in on at for with by from after before during over under through most much more less few several another other'.split(
    ' ',
  ),
);

function lowerFirst(s: string): string | null {
  const m = /^([A-Za-z]+)/.exec(s);
  if (!m) return null;
  const w = m[1] ?? '';
  if (!LOWERABLE.has(w.toLowerCase())) return null;
  return w.toLowerCase() + s.slice(w.length);
}

function upperFirst(s: string): string {
  return s.replace(/^([a-z])/, (c) => c.toUpperCase());
}

const words = (s: string): number => s.split(/\s+/).filter(Boolean).length;

const CLAUSE_START =
  /^(?:I|we|you|he|she|it|they|this|these|those|there|the|a|an|my|our|your|their|his|her|its|many|most|some|each|every|no|all|one|such|people|students|students'|\uE000)\b|^\uE000/i;

/**
 * Split at ", and " / ", but " / ", so " / "; " when both halves stand alone. A cut inside a list
 * ("A, B, and C") would leave a fragment, so ", and" is only cut when no other comma sits just before it,
 * and the right half must open like a clause (a pronoun, a determiner or a name; never "that", which after
 * ", and" continues the sentence: "…, and that we work to…").
 */
export function splitSentence(s: string, which: number): string | null {
  const re = /(, (?:and|but|so|yet) |; )/g;
  const cuts: { i: number; sep: string }[] = [];
  let m: RegExpExecArray | null;
  while ((m = re.exec(s)) !== null) cuts.push({ i: m.index, sep: m[1] ?? '' });
  const ok = cuts.filter((c) => {
    const left = s.slice(0, c.i);
    const right = s.slice(c.i + c.sep.length);
    if (words(left) < 5 || words(right) < 5) return false;
    if (!CLAUSE_START.test(right)) return false;
    const lastClause = left.slice(Math.max(0, left.length - 80));
    if (/,/.test(lastClause) && c.sep.includes('and')) return false;
    return true;
  });
  if (ok.length === 0) return null;
  const cut = ok[which % ok.length] as { i: number; sep: string };
  const left = s.slice(0, cut.i);
  let right = s.slice(cut.i + cut.sep.length);
  const conj = cut.sep.replace(/[,;]/g, '').trim();
  if (conj === 'but' || conj === 'so' || conj === 'yet') right = `${conj[0]!.toUpperCase()}${conj.slice(1)} ${right}`;
  else right = upperFirst(right);
  return `${left}. ${right}`;
}

/** Merge two short sentences with ", and". */
export function mergeSentences(a: string, b: string): string | null {
  if (!/[a-z\uE001]\.$/.test(a) || words(a) > 14 || words(b) > 14) return null;
  if (
    /^(?:However|But|And|So|Also|Yet|Still|Moreover|Furthermore|Additionally|Then|This|That|These|It|They|He|She)\b/.test(
      b,
    ) &&
    !/^(?:It|They|He|She)\b/.test(b)
  )
    return null;
  const lb = lowerFirst(b);
  if (lb === null) return null;
  return `${a.slice(0, -1)}, and ${lb}`;
}

const SUB = 'because|since|although|though|while|when|if|unless|after|before|once|as long as';

/** Subordinators a fronted clause may be moved behind its main clause with; "while" and "although" are not
 * (moved last, a concession reads as the point: "…, while parents are central to…"). */
const FRONT_SUB = 'Because|Since|Once|Unless|If|After|Before';
/** A main clause opening with one of these refers back into the fronted clause; moving it would point forward. */
const ANAPHOR = /^(?:they|them|their|he|she|his|her|it|its|this|these|those|such)\b/i;

/**
 * "Because Y, X." ↔ "X because Y." Prepositional openers ("With efforts from A, B and C, …") are never moved:
 * a comma inside a list looks like the clause's end.
 */
export function moveClause(s: string): string | null {
  const front = new RegExp(`^(${FRONT_SUB}) ([^,;]{8,80}), ([a-z][^;]{10,})([.!?])$`).exec(s);
  if (front) {
    const [, conj = '', clause = '', main = '', end = '.'] = front;
    if (ANAPHOR.test(main) || /,/.test(main)) return null;
    return `${upperFirst(main)} ${conj.toLowerCase()} ${clause}${end}`;
  }
  const back = new RegExp(`^([A-Za-z][^,;]{12,}?) (${SUB}) ([^,;]{8,80})([.!?])$`).exec(s);
  if (back) {
    const [, main = '', conj = '', clause = '', end = '.'] = back;
    const lm = lowerFirst(main);
    if (lm === null) return null;
    return `${conj[0]!.toUpperCase()}${conj.slice(1)} ${clause}, ${lm}${end}`;
  }
  return null;
}
