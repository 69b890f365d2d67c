import { call, server } from '@/lib/api';

/**
 * The spec's balance check (POST /api/functions/check-balance): the plan, balance and cap for a word count.
 * A Humanize click does not call it (the rewrite itself answers 400/402 with the limits); it stays for
 * callers that want the numbers without running a rewrite.
 */
export function checkBalance(wordCount: number) {
  return call(server.api.functions['check-balance'].$post({ json: { word_count: wordCount } }));
}
