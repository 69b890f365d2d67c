import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testClient } from 'hono/testing';
import { detect, textReliability } from '@plainspoken/detector';
import { AI_CHECK, AI_CHECK_VERDICTS, MSG, RATE_LIMITS, aiCheckCaution } from '@plainspoken/shared';
import { checkVerdict } from './ai-check.service';
import { DB_KINDS, createTestProduct, type TestProduct } from '../../test/harness';
import { createEnginePool } from '../../lib/engine/engine';
import { subscribers } from '../../db/schema';

const ENGLISH =
  'Moreover, it is important to note that artificial intelligence has revolutionized the landscape of modern education. ' +
  'Furthermore, students can leverage these tools to enhance their learning outcomes in a myriad of ways.\n\n' +
  'The 3.5% fee on the $19.99 plan changed in v2.1.0; see https://example.com/docs/v2.1 or write to jane.doe@example.com.\n' +
  '- check the version of Node.js\n- restart the server\n\n' +
  'In conclusion, the integration of technology fosters a more engaging and dynamic learning environment for everyone involved.';
const FRENCH =
  "Le comité s'est réuni mardi pour revoir le budget, et personne n'en était vraiment satisfait. Certains chiffres avaient changé depuis le printemps, ce qui voulait dire que le projet de la nouvelle aile de la bibliothèque devrait attendre encore un peu. J'ai demandé si nous pouvions diviser le travail en deux phases ; la réponse a été peut-être. À la fin de la réunion, trois personnes étaient parties.";
// Everyday texts written for these tests (issue 57): a stock cover letter and a casual email.
const COVER_LETTER = `Dear Hiring Manager,

I am writing to express my strong interest in the Marketing Coordinator position at Brightline Solutions. With a solid background in digital marketing and a passion for creating engaging content, I am confident that I would be a valuable addition to your team.

In my previous role at Harbor Creative, I successfully managed social media campaigns that increased engagement by 35%. I collaborated closely with cross-functional teams to develop innovative strategies that aligned with the company's goals. My strong communication skills and attention to detail have enabled me to consistently deliver high-quality results in fast-paced environments.

I am particularly drawn to Brightline Solutions because of your commitment to innovation and customer satisfaction. I am excited about the opportunity to contribute my skills and experience to help drive your marketing initiatives forward.

Thank you for considering my application. I look forward to the opportunity to discuss how my qualifications align with your needs.

Sincerely,
Jordan Ellis`;
const PROMISE = "I'll bring it Thursday, promise.";
const CASUAL_EMAIL = `Hey Sam,

Sorry I missed your call yesterday, the kids had a dentist thing and it ran long. Yes we're still on for Saturday. I can pick up the ice on the way but can you grab more cups? We ran out last time and Dave ended up drinking out of a mug. Also my mom wants to come for an hour or so, hope that's ok. She's bringing that potato salad again so brace yourself. I still owe you the folding chairs. ${PROMISE}

See you then,
Kim`;

// 58 words with two stock phrases, written for this test.
const STOCK_NOTE = `Our team met on Tuesday to plan the spring fair. In today's fast-paced world, it is important to note that volunteers are hard to find. We need six people for the bake stall and four for parking. When it comes to setup, sign-up sheets are by the front office. Please bring your own gloves if you can help.`;

const words = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => ['the', 'river', 'ran', 'past', 'our', 'old', 'house', 'every', 'spring'][i % 9],
  ).join(' ');

describe.each(DB_KINDS)('AI check on %s', (kind) => {
  let t: TestProduct;
  beforeAll(async () => {
    t = await createTestProduct({
      kind,
      env: { RATE_LIMITS: 'on' },
      engine: createEnginePool({ threads: 1, queueLimit: 8, timeoutMs: 60_000 }),
    });
  });
  afterAll(async () => t.close());
  let ipSeq = 0;
  const freshIp = () => `192.0.2.${++ipSeq}`;
  // The per-user interval between checks passes on the product's clock (the test clock), not the wall clock.
  let offset = 0;
  const passUserInterval = () => t.deps.clock!.setOffset((offset += RATE_LIMITS.aiCheckUserMs + 100));
  /** The caller's address (the test server trusts X-Forwarded-For) and session, as request headers. */
  const from = (who: { ip?: string; cookie?: string }) => ({
    ...(who.ip ? { 'x-forwarded-for': who.ip } : {}),
    ...(who.cookie ? { cookie: who.cookie } : {}),
  });
  const check = (text: string, who: { ip?: string; cookie?: string }) =>
    testClient(t.app).api['ai-check'].$post({ json: { text } }, { headers: from(who) });
  const balance = async (cookie: string) =>
    (await (await testClient(t.app).api.subscription.$get({}, { headers: { cookie } })).json()).currentBalance;

  it('scores a visitor’s text with the shipped detector, sentences by offsets into the text, and charges nothing', async () => {
    const r = await check(ENGLISH, { ip: freshIp() });
    expect(r.status).toBe(200);
    const body = await r.json();
    const d = detect(ENGLISH);
    expect(body.score).toBe(d.score);
    expect(body.flagged).toBe(d.flagged);
    expect(Number.isInteger(body.score)).toBe(true);
    expect(body.word_limit).toBe(AI_CHECK.anonymousWords);
    expect(body.language).toBe('en');
    expect(body.sentences.map((s) => ENGLISH.slice(s.start, s.end))).toEqual(d.sentences.map((s) => s.text));
    expect(body.sentences.some((s) => s.flagged && s.reasons.length > 0)).toBe(true);
  });

  it('refuses short, over-long and non-English texts with a reason, before any rate limit is used', async () => {
    const ip = freshIp();
    const short = await check(words(20), { ip });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ error: { code: 'MIN_WORDS', message: MSG.aiCheckMinWords } });
    const long = await check(words(501), { ip });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({
      error: { code: 'WORD_LIMIT_EXCEEDED', message: MSG.aiCheckAnonymousLimit(500) },
    });
    const fr = await check(FRENCH, { ip });
    expect(fr.status).toBe(422);
    expect(await fr.json()).toMatchObject({
      error: { code: 'UNSUPPORTED_LANGUAGE', message: MSG.englishOnlyCheck('French') },
    });
    const bad = await t.req('/api/ai-check', { rawBody: 'text=hello', headers: { 'content-type': 'text/plain' }, ip });
    expect(bad.status).toBe(415);
    expect((await check(words(60), { ip })).status).toBe(200);
  });

  it('limits visitors per IP and users per account, with the wait in the message', async () => {
    const ip = freshIp();
    expect((await check(words(60), { ip })).status).toBe(200);
    const again = await check(words(60), { ip });
    expect(again.status).toBe(429);
    const seconds = Number(again.headers.get('retry-after'));
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(await again.json()).toMatchObject({
      error: { code: 'RATE_LIMITED', message: MSG.aiCheckWait(seconds), retryAfter: seconds },
    });
    expect((await check(words(60), { ip: freshIp() })).status).toBe(200);
    // A signed-in user behind the same (limited) address is limited by account, not by address.
    const u = await t.newUser();
    expect((await check(words(60), { ip, cookie: u.cookie })).status).toBe(200);
    expect((await check(words(60), { ip: freshIp(), cookie: u.cookie })).status).toBe(429);
  });

  it('gives signed-in users their plan’s request cap (never less than a visitor) and costs no words', async () => {
    const u = await t.newUser();
    const free = await check(words(400), { ip: freshIp(), cookie: u.cookie });
    expect(free.status).toBe(200);
    expect((await free.json()).word_limit).toBe(500);
    await t.deps.db
      .update(subscribers)
      .set({ subscription_tier: 'Pro', subscribed: true, subscription_end: new Date(Date.now() + 30 * 86_400_000) })
      .where(eq(subscribers.user_id, u.id));
    passUserInterval();
    const pro = await check(words(1400), { ip: freshIp(), cookie: u.cookie });
    expect(pro.status, await pro.clone().text()).toBe(200);
    expect((await pro.json()).word_limit).toBe(1500);
    passUserInterval();
    const over = await check(words(1501), { ip: freshIp(), cookie: u.cookie });
    expect(await over.json()).toMatchObject({
      error: { code: 'WORD_LIMIT_EXCEEDED', message: MSG.aiCheckLimitExceeded(1500, 'Pro') },
    });
    const currentBalance = await balance(u.cookie);
    const row = await t.deps.db.select().from(subscribers).where(eq(subscribers.user_id, u.id));
    expect(currentBalance).toBe(row[0]!.monthly_word_balance);
    expect(row[0]!.monthly_word_balance).toBe(250);
  });

  it('refuses to rewrite a non-English text without a model, before charging anything', async () => {
    const u = await t.newUser();
    const r = await testClient(t.app).api.functions['humanize-text'].$post(
      { json: { text: `${FRENCH} ${FRENCH}`, mode: 'lightning' } },
      { headers: { cookie: u.cookie } },
    );
    expect(r.status).toBe(422);
    expect(await r.json()).toMatchObject({
      error: { code: 'UNSUPPORTED_LANGUAGE', message: MSG.englishOnlyRewrite('French') },
    });
    expect(await balance(u.cookie)).toBe(250);
  });

  it('the verdict follows the sentences: the stock cover letter reads as machine-written, the casual email is not accused', async () => {
    const cover = await check(COVER_LETTER, { ip: freshIp() });
    expect(cover.status).toBe(200);
    const c = await cover.json();
    expect(c.verdict).toBe('ai');
    expect(c.composition.human).toBeLessThan(20);
    // A letter: where the shipped figures say emails and letters are hard to judge, the check says so beside the
    // verdict (the sentences back the flag, so it is not "hard to judge").
    if (textReliability(COVER_LETTER).hardToJudge) expect(c.caution).toContain('Emails and letters are hard to judge');
    else expect(c.caution).toBeNull();

    const email = await check(CASUAL_EMAIL, { ip: freshIp() });
    const e = await email.json();
    expect(['human', 'unclear']).toContain(e.verdict);
    const promise = e.sentences.find((s) => CASUAL_EMAIL.slice(s.start, s.end) === PROMISE)!;
    expect(promise.flagged).toBe(false);
    expect(promise.score).toBeLessThan(50);
    expect(promise.reasons).not.toContain('AI-typical wording');

    // A short note is never accused on a few stock phrases, and the check says how sure it is for short texts.
    const note = await (await check(STOCK_NOTE, { ip: freshIp() })).json();
    expect(['human', 'unclear']).toContain(note.verdict);
    expect(note.sentences.some((s) => s.flagged)).toBe(false);
    expect(note.caution).toMatch(/^(?:Short texts are hard to judge|Under 80 words)/);

    for (const body of [c, e]) {
      expect(AI_CHECK_VERDICTS).toContain(body.verdict);
      if (body.verdict === 'mixed') {
        expect(body.composition.ai).toBeGreaterThan(0);
        expect(body.composition.human).toBeGreaterThanOrEqual(20);
      }
      // The composition is the highlighted sentences' share of the words, and every highlight names a reason.
      expect(body.composition.ai > 0).toBe(body.sentences.some((s) => s.flagged));
      for (const s of body.sentences) if (s.score >= 30) expect(s.reasons.length).toBeGreaterThan(0);
    }
  });
});

describe('the AI check verdict for texts that are hard to judge', () => {
  const hard = { words: 60, hardToJudge: true, reason: 'email_like' as const, emailLike: true, measured: null };
  const usual = { words: 300, hardToJudge: false, reason: null, emailLike: false, measured: null };
  const det = (verdict: 'ai' | 'mixed' | 'human', flagged: boolean, ai: number, mixed: number, human: number) => ({
    verdict,
    flagged,
    composition: { ai, mixed, human },
  });

  it('says "hard to judge" rather than accuse when the sentences do not back the flag', () => {
    // Flagged on the text's figures with no flagged sentence, or a flagged minority beside a human part.
    expect(checkVerdict(det('ai', true, 0, 70, 30), hard)).toEqual({
      verdict: 'unclear',
      caution: aiCheckCaution({ reason: 'email_like', short: true, emailLike: true, measured: null }),
    });
    expect(checkVerdict(det('mixed', true, 20, 30, 50), hard).verdict).toBe('unclear');
    expect(checkVerdict(det('mixed', false, 20, 30, 50), hard).verdict).toBe('unclear');
    // Backed: most words in flagged sentences, or no human part. The caution stays beside the verdict.
    expect(checkVerdict(det('ai', true, 60, 30, 10), hard)).toMatchObject({ verdict: 'ai' });
    expect(checkVerdict(det('ai', true, 34, 55, 11), hard).caution).toContain('Short emails are hard to judge');
    // A human verdict is never turned into anything else.
    expect(checkVerdict(det('human', false, 0, 40, 60), hard).verdict).toBe('human');
  });

  it('leaves other texts the detector verdict, with a caution for a short one', () => {
    expect(checkVerdict(det('mixed', true, 20, 30, 50), usual)).toEqual({ verdict: 'mixed', caution: null });
    const short = checkVerdict(det('ai', true, 0, 80, 20), { ...usual, words: 60 });
    expect(short.verdict).toBe('ai');
    expect(short.caution).toContain('Under 80 words');
  });
});
