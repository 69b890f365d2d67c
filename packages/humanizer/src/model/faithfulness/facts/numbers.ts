/**
 * Numbers as a text writes them: figures, number words, and the other ways of writing the same value ("forty-five"
 * is 45, "£512m" is 512000000, "the 1980s" is "the '80s", "90 minutes" is an hour and a half).
 */

export const NUMBER_WORDS: Record<string, string> = {
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
  fifteen: '15',
  sixteen: '16',
  seventeen: '17',
  eighteen: '18',
  nineteen: '19',
  twenty: '20',
  thirty: '30',
  forty: '40',
  fifty: '50',
  sixty: '60',
  seventy: '70',
  eighty: '80',
  ninety: '90',
  hundred: '100',
  thousand: '1000',
  million: '1000000',
  billion: '1000000000',
  dozen: '12',
  half: '0.5',
  twice: '2',
  double: '2',
  first: '1st',
  second: '2nd',
  third: '3rd',
  fourth: '4th',
  fifth: '5th',
  sixth: '6th',
  seventh: '7th',
  eighth: '8th',
  ninth: '9th',
  tenth: '10th',
  eleventh: '11th',
  twelfth: '12th',
  fifteenth: '15th',
  sixteenth: '16th',
  seventeenth: '17th',
  eighteenth: '18th',
  nineteenth: '19th',
  twentieth: '20th',
  hundredth: '100th',
};

export function normNumber(n: string): string {
  return n
    .replace(/,/g, '')
    .replace(/\.0+$/, '')
    .replace(/^0+(?=\d)/, '');
}

/**
 * The number of items a sentence lists after announcing them ("into four groups: …, …, … and …"), written as a
 * word, when the list has that many items: a count the sentence shows itself, not a fact to find in the
 * original. A count that does not match its list ("five groups" before four) stays a number to check.
 */
export function listCount(plain: string): string | null {
  const m =
    /\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(?:[\p{L}-]+\s+){0,3}?[\p{L}-]+\s*:\s*([^:]+)$/iu.exec(
      plain,
    );
  if (!m) return null;
  const items = (m[2] as string)
    .replace(/[.!?]+\s*$/, '')
    .split(/\s*[,;]\s*/)
    .filter((x) => /\p{L}/u.test(x));
  const last = items.pop();
  if (last === undefined) return null;
  // "…, and the last one" or "X and Y": the final "and"/"or" joins the last two items.
  const tail = last.split(/\s+(?:and|or)\s+/i).filter((x) => /\p{L}/u.test(x));
  const count = items.length + (tail.length >= 2 ? 2 : 1);
  const n = NUMBER_WORDS[(m[1] as string).toLowerCase()];
  return n !== undefined && Number(n) === count ? n : null;
}

const UNITS = 'one|two|three|four|five|six|seven|eight|nine';
const ORDINAL_UNITS = 'first|second|third|fourth|fifth|sixth|seventh|eighth|ninth';
const TENS = 'twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety';
/** "forty-five" or "twenty-first" as one number ("forty five", "twenty first"). */
export const COMPOUND_NUMBER = new RegExp(`\\b(${TENS})[\\s-](${UNITS}|${ORDINAL_UNITS})\\b`, 'g');
const TENS_AND_UNIT = new RegExp(`\\b(${TENS})[\\s-](${UNITS})\\b`, 'g');
const TENS_AND_ORDINAL = new RegExp(`\\b(${TENS})[\\s-](${ORDINAL_UNITS})\\b`, 'g');
const MONTH = 'jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec';
/** A day of the month: "5 January", "5 of Jan", "January 5". */
const DAY_OF_MONTH = new RegExp(
  `\\b(\\d{1,2})\\s+(?:of\\s+)?(?:${MONTH})[a-z]*\\b|\\b(?:${MONTH})[a-z]*\\.?\\s+(\\d{1,2})\\b`,
  'g',
);
const SCALE: Record<string, number> = {
  hundred: 1e2,
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  m: 1e6,
  mn: 1e6,
  billion: 1e9,
  bn: 1e9,
  b: 1e9,
};
/** A length of time in the next unit up and down: [factor, direction]. */
const DURATIONS: Record<string, [number, 'up' | 'down'][]> = {
  minute: [[60, 'up']],
  hour: [
    [60, 'down'],
    [24, 'up'],
  ],
  day: [
    [24, 'down'],
    [7, 'up'],
  ],
  week: [[7, 'down']],
  month: [[12, 'up']],
  year: [[12, 'down']],
};
/** A number as the figures a text would write for it: no thousands separators, at most two decimals. */
export const figures = (x: number): string => normNumber(String(Math.round(x * 100) / 100));

/** "9" as "9th", "2" as "2nd", "21" as "21st". */
export function ordinal(n: number): string {
  const t = n % 100;
  const suffix = t >= 11 && t <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** The other ways of writing a sentence's numbers (see `Facts.numberForms`). */
export function numberFormsOf(plain: string, numbers: string[]): string[] {
  const lower = plain.toLowerCase();
  const out: string[] = [];
  const valueOf = (w: string): number => (/\d/.test(w) ? Number(w.replace(/,/g, '')) : Number(NUMBER_WORDS[w] ?? NaN));
  // "forty-five", "forty five".
  for (const m of lower.matchAll(TENS_AND_UNIT)) out.push(String(valueOf(m[1] as string) + valueOf(m[2] as string)));
  // "twenty-eighth", "twenty eighth".
  for (const m of lower.matchAll(TENS_AND_ORDINAL)) {
    const v = valueOf(m[1] as string) + Number((NUMBER_WORDS[m[2] as string] ?? '').replace(/\D/g, ''));
    out.push(String(v), ordinal(v));
  }
  // "two hundred", "2.5 million", "£512m", "$1bn", "500k".
  for (const m of lower.matchAll(
    /(?:\b|(?<=[£$€¥]))(\d+(?:[.,]\d+)*|a|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|fifty)\s*(hundred|thousand|million|billion|mn|bn)\b|(?:\b|(?<=[£$€¥]))(\d+(?:\.\d+)?)(k|m|b)\b/g,
  )) {
    const n = m[1] === 'a' ? 1 : valueOf((m[1] ?? m[3]) as string);
    const scale = SCALE[(m[2] ?? m[4]) as string] ?? NaN;
    if (Number.isFinite(n * scale)) out.push(figures(n * scale), String(scale));
  }
  // "2,500,000" is also "2.5 million".
  for (const n of numbers) {
    const x = Number(n);
    if (!(x >= 1000) || !Number.isFinite(x)) continue;
    for (const scale of [1e3, 1e6, 1e9])
      if (x >= scale && Math.abs(x / scale - Number(figures(x / scale))) < 1e-9)
        out.push(figures(x / scale), String(scale));
  }
  // "97%" is 0.97 and "0.97" is 97%; "1/10" is a tenth; "08/10/06" is in 2006.
  for (const m of plain.matchAll(/(\d+(?:\.\d+)?)\s?%/g)) out.push(figures(Number(m[1]) / 100));
  for (const n of numbers) if (/^0\.\d{1,2}$/.test(n)) out.push(figures(Number(n) * 100));
  for (const m of plain.matchAll(/\b\d+\/(\d{1,2})\b/g)) out.push(`${m[1]}th`, `${m[1]}rd`, `${m[1]}nd`);
  for (const m of plain.matchAll(/\b\d{1,2}[/.-]\d{1,2}[/.-](\d{2})\b/g)) out.push(`20${m[1]}`, `19${m[1]}`);
  // "9-1-1" is 911; "3rd" and "third" are 3.
  for (const m of plain.matchAll(/\b\d(?:-\d){2,}\b/g)) out.push(m[0].replace(/-/g, ''));
  for (const m of lower.matchAll(/\b(\d+)(?:st|nd|rd|th|d)\b/g)) out.push(m[1] as string, ordinal(Number(m[1])));
  // A year is in its century ("1903": "the 20th century", "the early 1900s").
  for (const n of numbers)
    if (/^(?:1[0-9]|20)\d\d$/.test(n)) {
      const c = Math.floor((Number(n) - 1) / 100) + 1;
      // The answer's "20th" is read as 20 among its figures.
      out.push(ordinal(c), String(c), `${n.slice(0, 2)}00`);
    }
  for (const w of lower.match(/[a-z]+/g) ?? []) {
    const n = NUMBER_WORDS[w];
    if (n && /\d(?:st|nd|rd|th)$/.test(n)) out.push(n.replace(/(?:st|nd|rd|th)$/, ''));
  }
  // A decade by its last two digits: "the 1980s" is "the '80s"; "the nineties" is the 1990s; "the 1600s" are the
  // 17th century, and "the 17th century" is the 1600s.
  for (const m of plain.matchAll(/\b(?:1\d|20)(\d0)['’]?s\b/g)) out.push(normNumber(m[1] as string));
  for (const m of lower.matchAll(/\b(twent|thirt|fort|fift|sixt|sevent|eight|ninet)ies\b/g)) {
    const d = NUMBER_WORDS[`${m[1] as string}y`] as string;
    out.push(d, `19${d}`, `20${d}`);
  }
  for (const m of plain.matchAll(/\b(1\d|20)00['’]?s\b/g))
    out.push(ordinal(Number(m[1]) + 1), String(Number(m[1]) + 1));
  for (const m of lower.matchAll(/\b(?:(\d{1,2})(?:st|nd|rd|th)|(?:twenty[\s-])?([a-z]+))\s+centur(?:y|ies)\b/g)) {
    const c = m[1]
      ? Number(m[1])
      : Number((NUMBER_WORDS[m[2] as string] ?? '').replace(/\D/g, '')) + (/twenty/.test(m[0]) ? 20 : 0);
    if (c >= 1 && c <= 21) out.push(String((c - 1) * 100));
  }
  // Percentages in words ("five percent", "50 per cent") as shares; a half is 50% and a quarter 25%.
  for (const m of lower.matchAll(/\b(\d+(?:\.\d+)?|[a-z]+)[\s-]+per\s?cent\b/g)) {
    const v = valueOf(m[1] as string);
    if (Number.isFinite(v)) out.push(figures(v / 100));
  }
  if (/\bhalf\b/.test(lower)) out.push('50');
  if (/\bquarter\b/.test(lower)) out.push('25', '0.25');
  // Times: "5 p.m." is 17:00 and "17:00" is 5 p.m.; noon and midnight are 12 (midnight also 0 and 24).
  for (const m of lower.matchAll(/\b(\d{1,2})(?::\d\d)?\s*p\.?\s?m\b/g))
    if (Number(m[1]) >= 1 && Number(m[1]) < 12) out.push(String(Number(m[1]) + 12));
  for (const m of lower.matchAll(/\b(1[3-9]|2[0-3]):\d\d\b/g)) out.push(String(Number(m[1]) - 12));
  if (/\b(?:noon|midday)\b/.test(lower)) out.push('12');
  if (/\bmidnight\b/.test(lower)) out.push('12', '0', '24');
  // A length of time in another unit: "90 minutes" is an hour and a half, "14 days" two weeks, "24 months" two years.
  for (const m of lower.matchAll(
    /\b(\d+(?:\.\d+)?|an?|[a-z]+)(?:\s+and\s+a\s+half)?[\s-]+(minute|hour|day|week|month|year)s?\b(\s+and\s+a\s+half)?|\bhalf\s+an?\s+(hour|day|year)\b/g,
  )) {
    const base = m[4] ? 0.5 : m[1] === 'a' || m[1] === 'an' ? 1 : valueOf(m[1] as string);
    const v = base + (/and\s+a\s+half/.test(m[0]) ? 0.5 : 0);
    const unit = (m[2] ?? m[4]) as string;
    if (!Number.isFinite(v) || v <= 0) continue;
    for (const [x, u] of DURATIONS[unit] ?? []) {
      const w = u === 'up' ? v / x : v * x;
      if (Math.abs(w * 2 - Math.round(w * 2)) < 1e-9) out.push(figures(w));
    }
    if (m[3] || /and\s+a\s+half/.test(m[0])) out.push(figures(v));
  }
  // A day of the month is its ordinal ("5 January" is "the fifth of January"); "Q3" is the third quarter.
  for (const m of lower.matchAll(DAY_OF_MONTH)) out.push(ordinal(Number(m[1] ?? m[2])));
  for (const m of lower.matchAll(/\bq([1-4])\b/g)) out.push(ordinal(Number(m[1])));
  // "One in five" and "1 out of 5" are shares (20%).
  for (const m of lower.matchAll(/\b(\d+|[a-z]+)\s+(?:in|out of)\s+(\d+|[a-z]+)\b/g)) {
    const x = valueOf(m[1] as string);
    const y = valueOf(m[2] as string);
    if (Number.isFinite(x / y) && y > x && x > 0) out.push(figures((100 * x) / y), figures(x / y));
  }
  // A change "from 20 to 15" is also a change of 5.
  for (const m of lower.matchAll(/\bfrom\s+[$£€]?(\d+(?:\.\d+)?)\S*\s+to\s+[$£€]?(\d+(?:\.\d+)?)/g))
    out.push(figures(Math.abs(Number(m[1]) - Number(m[2]))));
  // "COVID" is COVID-19.
  if (/\bcovid\b/.test(lower)) out.push('19');
  // Words that mean two; a century is a hundred years and a decade ten.
  if (/\b(?:both|pair|pairs|couple|twin|twins|dual|bi-[a-z]+)\b/.test(lower)) out.push('2');
  if (/\bcentur(?:y|ies)\b/.test(lower)) out.push('100');
  // Doubled is a rise of 100% (twice as much), tripled one of 200%.
  if (/\b(?:doubl\w*|twofold|twice)\b/.test(lower)) out.push('2', '100');
  if (/\b(?:tripl\w*|threefold|three times)\b/.test(lower)) out.push('3', '200');
  if (/\bdecades?\b/.test(lower)) out.push('10');
  return out;
}
