// Filters of npm's own output, for the install steps of scripts/lib.mjs.

/** npm's output without its EBADENGINE warnings (each line of them starts "npm warn EBADENGINE"). */
export function withoutEngineWarnings(text) {
  return text
    .split(/(?<=\n)/)
    .filter((line) => !/^npm warn EBADENGINE\b/i.test(line))
    .join('');
}
