/**
 * What a chat model says around a rewrite that is not part of it: an opening line ("Sure! Here is the rewritten
 * text:"), a closing offer ("I hope this helps!", "Let me know if you want changes."), a note about the rewrite
 * ("(Note: the link above is made up.)"), hashtags, and a restart ("Oops … Let's rectify that:") after which the
 * model writes the text again. None of it is the user's text, so it is taken off before the faithfulness check
 * judges the rewrite and before the user sees it. Each piece is removed only when the user's own text does not
 * say it or something like it: a text that opens with "Here are the details:", closes with "Feel free to reach
 * out" or has hashtags of its own keeps them.
 */

export interface Stripped {
  text: string;
  /** What was taken off, in the order found (for the engine's log). */
  removed: string[];
}

/** An opening line that announces the rewrite and ends with a colon. */
const OPENING_LINE =
  /^(?:(?:sure|certainly|of course|absolutely|okay|ok|alright|got it|gladly)\b[^\n]{0,40}?[.!,]\s*)?(?:here(?:'s|’s| is| are)|below is|this is|i(?:'ve|’ve| have) (?:rewritten|revised|reworded)|the following is)\b[^\n]{0,120}?:[ \t]*(?:\n|$)/i;
/** An opening interjection before the text itself ("Sure! The bakery …"). */
const OPENING_WORD = /^(?:sure|certainly|of course|absolutely|okay|alright|gladly)[!.]\s+(?=\S)/i;
/** How a closing offer of more help, or a hope that it helped, begins. */
const OFFER =
  "(?:i )?hope (?:this|that|it) helps|let me know if|feel free to (?:ask|let me know|reach out|adjust)|would you like me to|if you(?:'d| would|’d) like me to|i can (?:also )?(?:adjust|revise|tweak|make (?:it|further))|happy to (?:help|adjust|revise)";
/** A closing sentence that offers more help or hopes it helped (the offer's words in the first group). */
const CLOSING_OFFER = new RegExp(`(?:^|(?<=[.!?)]\\s{1,3})|\\n)[ \\t]*(${OFFER})[^\\n]*$`, 'i');
const OFFER_START = new RegExp(`^(?:${OFFER})`, 'i');
/** A last paragraph that comments on the rewrite. */
const CLOSING_NOTE = /(?:^|\n)[ \t]*\(?(?:note|disclaimer|p\.?s\.?)\s*:[^\n]*$/i;
/** A run of hashtags standing after a sentence (never a "#1" or a hashtag inside a sentence). */
const HASHTAG_RUN =
  /(^|[.!?)\]]["”’']?[ \t]+|\n[ \t]*)(#[A-Za-z][\w-]*(?:[ \t]+#[A-Za-z][\w-]*)*)[ \t]*(?=$|\n|[ \t]+[A-Z])/g;
/** A restart: the model owns up to a slip and writes the text again after the colon. */
const RESTART =
  /(?:^|(?<=[.!?]\s{1,3})|\n)[^.!?\n]{0,80}\b(?:let(?:'s|’s| me) (?:rectify|fix|correct|redo|try) (?:that|this|again)|here(?:'s|’s| is) (?:the|a) (?:corrected|fixed|revised) (?:version|text))[^:\n]{0,40}:\s*/i;

function said(original: string, piece: string): boolean {
  const norm = (s: string): string => s.toLowerCase().replace(/[’]/g, "'").replace(/\s+/g, ' ').trim();
  return norm(original).includes(norm(piece));
}

export function stripChatter(answer: string, original: string): Stripped {
  let text = answer;
  const removed: string[] = [];
  const cut = (piece: string, rest: string): void => {
    removed.push(piece.trim());
    text = rest;
  };

  // A restart: the text after the last one is the model's answer (a slip before it is not).
  for (let guard = 0; guard < 3; guard++) {
    const m = RESTART.exec(text);
    if (!m || said(original, m[0])) break;
    const after = text.slice(m.index + m[0].length);
    // Only when what follows is a whole rewrite, not a last line.
    if (after.split(/\s+/).length < 0.3 * original.split(/\s+/).length) break;
    cut(text.slice(0, m.index + m[0].length), after);
  }

  // A text that opens the same way ("Here are the details:", "Sure, …") keeps its opening.
  const start = original.trimStart();
  const open = OPENING_LINE.exec(text.trimStart());
  if (open && !OPENING_LINE.test(start)) cut(open[0], text.trimStart().slice(open[0].length));
  const word = OPENING_WORD.exec(text.trimStart());
  if (word && !OPENING_WORD.test(start) && !said(original, word[0]))
    cut(word[0], text.trimStart().slice(word[0].length));

  // A text with hashtags of its own keeps every hashtag.
  const ownTags = /(?:^|\s)#[A-Za-z]/.test(original);
  text = text.replace(HASHTAG_RUN, (all: string, before: string, tags: string) => {
    if (ownTags) return all;
    removed.push(tags);
    return before.includes('\n') ? '\n' : before.trimEnd();
  });

  // Closing pieces, last first, as long as one is found: not when the text itself has a note, or closes with
  // the same offer ("Feel free to reach out" in a mail the user wrote).
  for (let guard = 0; guard < 4; guard++) {
    const t = text.trimEnd();
    const note = CLOSING_NOTE.exec(t);
    const offer = note ? null : CLOSING_OFFER.exec(t);
    const m = note ?? offer;
    if (!m) break;
    if (note && /(?:^|\n)[ \t]*\(?(?:note|disclaimer|p\.?s\.?)\s*:/i.test(original)) break;
    if (offer && said(original, offer[1] ?? offer[0])) break;
    // Never the whole answer, and only offers: "I hope this helps you plan. The ferry …" goes on with the
    // rewrite.
    if (t.slice(0, m.index).trim().length === 0) break;
    if (
      offer &&
      !m[0]
        .trim()
        .split(/(?<=[.!?])\s+/)
        .every((x) => OFFER_START.test(x))
    )
      break;
    cut(m[0], t.slice(0, m.index));
  }

  if (removed.length === 0) return { text: answer, removed };
  // Tidy the seams: no space before a line break, no more than one blank line, no double space inside a line
  // (an indent stays), no space at either end.
  text = text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/(?<=\S)[ \t]{2,}/g, ' ')
    .trim();
  return { text, removed };
}
