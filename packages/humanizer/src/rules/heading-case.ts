/**
 * Title Case headings become sentence case (notes 2.H). Only words on a list of common lower-case words
 * are lowered, so names and acronyms keep their capitals.
 */
const COMMON = new Set(
  (
    'a an the and or but nor for so yet of in on at to by with from into onto over under about above below after before between through during without within across against among around toward towards upon via ' +
    'is are was were be been being has have had do does did can could will would should may might must ' +
    'how what why when where who which that this these those your our their its my his her you we they it ' +
    'future role power impact guide ways way tips steps key benefits importance rise art science world life work business ' +
    'new best top simple better more most guide understanding exploring embracing building making getting using choosing ' +
    'health energy technology education learning change climate social media data digital online modern global public personal ' +
    'era age time age community growth success strategy strategies challenges opportunities solutions practices trends ' +
    'introduction conclusion summary overview background method methods results discussion analysis'
  ).split(' '),
);

export function sentenceCaseHeading(body: string): string {
  const words = body.split(/(\s+)/);
  const caps = words.filter((w) => /^[A-Z][a-z]/.test(w)).length;
  const letters = words.filter((w) => /^[A-Za-z]/.test(w)).length;
  // Only headings that are actually in Title Case (most words capitalized).
  if (letters < 3 || caps / letters < 0.7) return body;
  let seenFirst = false;
  return words
    .map((w) => {
      if (!/^[A-Za-z]/.test(w)) return w;
      if (!seenFirst) {
        seenFirst = true;
        return w;
      }
      const core = w.replace(/[^A-Za-z'-]+$/, '');
      if (/^[A-Z][a-z'-]+$/.test(core) && COMMON.has(core.toLowerCase())) return w[0]!.toLowerCase() + w.slice(1);
      return w;
    })
    .join('');
}
