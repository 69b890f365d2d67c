/** Words are counted by splitting on whitespace (spec decision 3); one function for browser and server. */
export function countWords(text: string): number {
  const t = text.trim();
  if (!t) return 0;
  return t.split(/\s+/).length;
}
