/**
 * The two-line previews of a compact history entry. A letter starts with lines both texts share ("Dear Hiring
 * Manager," and a blank line), which filled both previews with the same salutation; the previews start where
 * the texts first differ (after "… "), on one line, so each shows what its text says.
 */
const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();

export function compactPreviews(original: string, result: string): { original: string; result: string } {
  const a = original.split(/\n/);
  const b = result.split(/\n/);
  let i = 0;
  // Skip the leading lines both texts share, blank ones included, while something different follows.
  while (i < a.length - 1 && i < b.length - 1 && a[i]!.trim() === b[i]!.trim()) i++;
  const shared = a.slice(0, i).some((l) => l.trim() !== '');
  const from = (lines: string[]) => (shared ? '… ' : '') + oneLine(lines.slice(i).join('\n'));
  return { original: from(a), result: from(b) };
}
