// How far the detector's verdict on a text can be trusted, from the text's length and form (decision 0057).
// Short texts and emails or letters are where human writing is hardest to tell from a model's; the figures
// measured for each kind on held-out folds of the training corpus travel with the weights (manifest.json,
// `reliability`), and a kind the corpus could not measure well enough counts as hard to judge.

/** Texts under this many words are "short" (the everyday corpus has texts from 40 words). */
export const SHORT_TEXT_WORDS = 80;
/** Texts under this many words are not scored at all (core.ts MIN_WORDS). */
export const UNSCORED_WORDS = 8;

/** Words as people count them: whitespace-separated runs holding a letter or a digit. */
export function countWords(text: string): number {
  let n = 0;
  for (const w of text.match(/\S+/g) ?? []) if (/[A-Za-z0-9]/.test(w)) n++;
  return n;
}

// A greeting line that opens a message ("Hi Sam,", "Dear Dr. Lee,", "Hello team!"), or opens its first line.
const GREETING_RE =
  /^[ \t]*(?:dear|hi|hello|hey|hiya|greetings|good (?:morning|afternoon|evening)|to whom it may concern)\b[^\n.?]{0,40}?[,!:]?[ \t]*(?:\n|$)/i;
const GREETING_INLINE_RE =
  /^[ \t]*(?:[Dd]ear|[Hh]i|[Hh]ello|[Hh]ey)\s+(?:(?:Mr|Mrs|Ms|Dr|Prof)\.?\s+)?[A-Z[][\w'[\]. -]{0,30}?,/;
// A sign-off line near the end ("Best,", "Kind regards", "Thanks!", "Sincerely, Ana").
const SIGNOFF_RE =
  /^[ \t]*(?:best|best wishes|best regards|kind regards|warm regards|warmly|regards|many thanks|thanks|thank you|thanks again|cheers|sincerely|yours sincerely|yours truly|yours faithfully|all the best|talk soon|love|take care)[,.!]?[ \t]*$/im;

/** True when the text reads as an email, letter or message: a greeting line, or a sign-off line near its end. */
export function isEmailLike(text: string): boolean {
  const t = text.replace(/\r\n?/g, '\n').trim();
  if (GREETING_RE.test(t) || GREETING_INLINE_RE.test(t)) return true;
  const lines = t.split('\n').filter((l) => l.trim());
  if (lines.length < 2) return false;
  return lines.slice(-3).some((l) => SIGNOFF_RE.test(l));
}

/** The kinds a text is sorted into, first match wins: unscored, short, email-like, anything else. */
export type ReliabilityKind = 'too_short' | 'short' | 'email' | 'general';
/** Why a text is hard to judge: too few words to score, a short text, an email or letter. */
export type ReliabilityReason = 'too_short' | 'short_text' | 'email_like';

/** Figures of one kind on the training corpus's held-out-fold scores, at the flag threshold. */
export interface KindFigures {
  humans: number;
  humansFlagged: number;
  ai: number;
  aiFlagged: number;
  /** AUROC of the document logits within the kind (NaN when a label is missing). */
  auroc: number;
}

/** Per kind, what the weights were measured at (manifest.json `reliability`); absent in older weights. */
export type ReliabilityFigures = Partial<Record<'short' | 'email' | 'general', KindFigures>>;

/** A kind counts as measurable with at least this many human texts of it. */
export const MIN_MEASURED_HUMANS = 50;
/** Hard to judge when more than this share of the kind's humans is flagged... */
export const MAX_HUMAN_SHARE = 0.01;
/** ...or when the flag finds less than this share of its AI texts, or when it ranks worse than this AUROC. */
export const MIN_AI_SHARE = 0.5;
export const MIN_AUROC = 0.9;

export interface Reliability {
  /** Words as countWords counts them. */
  words: number;
  kind: ReliabilityKind;
  /** A greeting or sign-off line, whatever the length (a short email is kind 'short' and emailLike). */
  emailLike: boolean;
  /** True when a flag (or its absence) on this kind of text is not to be trusted: say so instead of accusing. */
  hardToJudge: boolean;
  /** Why it is hard to judge; null when it is not. */
  reason: ReliabilityReason | null;
  /** The measured figures behind the decision, when the weights carry them for this kind. */
  measured: KindFigures | null;
}

/** Whether measured figures show that the flag cannot be trusted for a kind (or that nothing was measured). */
export function hardFromFigures(f: KindFigures | undefined): boolean {
  if (!f || f.humans < MIN_MEASURED_HUMANS || f.ai === 0) return true;
  return f.humansFlagged / f.humans > MAX_HUMAN_SHARE || f.aiFlagged / f.ai < MIN_AI_SHARE || !(f.auroc >= MIN_AUROC);
}

/** The reliability of the detector's verdict on `text`, from its length and form and the measured figures. */
export function reliabilityOf(text: string, figures: ReliabilityFigures = {}): Reliability {
  const raw = typeof text === 'string' ? text : '';
  const words = countWords(raw);
  const emailLike = isEmailLike(raw);
  if (words < UNSCORED_WORDS)
    return { words, kind: 'too_short', emailLike, hardToJudge: true, reason: 'too_short', measured: null };
  if (words < SHORT_TEXT_WORDS) {
    const hard = hardFromFigures(figures.short);
    return {
      words,
      kind: 'short',
      emailLike,
      hardToJudge: hard || (emailLike && hardFromFigures(figures.email)),
      reason: hard ? 'short_text' : emailLike && hardFromFigures(figures.email) ? 'email_like' : null,
      measured: figures.short ?? null,
    };
  }
  if (emailLike) {
    const hard = hardFromFigures(figures.email);
    return {
      words,
      kind: 'email',
      emailLike,
      hardToJudge: hard,
      reason: hard ? 'email_like' : null,
      measured: figures.email ?? null,
    };
  }
  return { words, kind: 'general', emailLike, hardToJudge: false, reason: null, measured: figures.general ?? null };
}
