import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClient } from 'hono/testing';
import { apiHumanizeResponse, costLine } from '@plainspoken/shared';
import type { EngineOutput } from '../../lib/engine/engine';
import { createTestProduct, inlineEngine, type TestProduct } from '../../test/harness';

const by = (cookie: string) => ({ headers: { cookie } });
const words = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i % 37}`).join(' ');

/** The inline engine, with the scores (and engine) each test sets: the text always changes. */
function scoredEngine() {
  const base = inlineEngine();
  const next: { before: number; after: number; engine: 'local' | 'model' } = { before: 80, after: 40, engine: 'local' };
  return {
    next,
    engine: {
      ...base,
      async run(job: Parameters<typeof base.run>[0]): Promise<EngineOutput> {
        const out = await base.run(job);
        return {
          ...out,
          text: `${job.text} Changed.`,
          engine: next.engine,
          outcome: next.engine === 'model' ? 'model' : 'light-edit',
          scoreBefore: next.before,
          scoreAfter: next.after,
          improved: next.after < next.before,
        };
      },
    },
  };
}

describe('a result that does not score lower than the text costs nothing, and every result says what it cost', () => {
  let t: TestProduct;
  let e: ReturnType<typeof scoredEngine>;
  let u: { cookie: string };
  beforeAll(async () => {
    e = scoredEngine();
    t = await createTestProduct({ env: { RATE_LIMITS: 'off' }, engine: e.engine });
    u = await t.newUser();
  });
  afterAll(async () => t.close());
  const api = () => testClient(t.app).api;
  const humanize = async (text: string, mode: 'deep' | 'lightning') => {
    const r = await api().functions['humanize-text'].$post({ json: { text, mode } }, by(u.cookie));
    expect(r.status).toBe(200);
    return apiHumanizeResponse.parse(await r.json());
  };
  const balance = async () => (await (await api().subscription.$get({}, by(u.cookie))).json()).currentBalance;

  it.each([
    ['lightning', 'local', 49, 49],
    ['deep', 'local', 43, 43],
    ['deep', 'local', 40, 52],
    ['lightning', 'model', 49.4, 49.2],
    ['deep', 'model', 30, 31],
  ] as const)(
    '%s by the %s engine, %s -> %s: free, said so, and History records 0 words',
    async (mode, engine, before, after) => {
      Object.assign(e.next, { before, after, engine });
      const start = await balance();
      const out = await humanize(words(60, `${mode}${engine}${before}x`), mode);
      expect(out).toMatchObject({ words_charged: 0, cost: 'No words charged', remaining_balance: start });
      expect(out.summary).toMatch(/does not read as more human-written than your text/);
      expect(out.summary).not.toMatch(/^Light edit: we removed|^Full rewrite: we rewrote/);
      expect(await balance()).toBe(start);
      const hist = await (await api().transformations.$get({ query: {} }, by(u.cookie))).json();
      expect(hist.items.find((i) => i.id === out.transformation_id)).toMatchObject({ words_charged: 0 });
      const detail = await (
        await api().transformations[':id'].$get({ param: { id: out.transformation_id ?? '' } }, by(u.cookie))
      ).json();
      expect(detail).toMatchObject({ words_charged: 0 });
    },
  );

  it('a result that scores lower is charged and says how many words', async () => {
    Object.assign(e.next, { before: 80, after: 40, engine: 'local' });
    const start = await balance();
    const out = await humanize(words(60, 'better'), 'lightning');
    expect(out).toMatchObject({ words_charged: 60, cost: '60 words charged', remaining_balance: start - 60 });
    expect(costLine(1)).toBe('1 word charged');
    expect(costLine(1920)).toBe('1,920 words charged');
  });
});
