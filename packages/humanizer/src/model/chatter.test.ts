import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanize } from '../index.ts';
import { modelPart } from '../testing.ts';
import { stripChatter } from './chatter.ts';
import { startScriptedProvider } from './scripted-provider.ts';

const ORIGINAL =
  'The ferry to Harlow Island leaves the north pier at seven. ' +
  'It carries up to forty cars, so drivers in summer queue from six. ' +
  'Tickets are sold on board and cost twelve pounds for a car.';
const REWRITE =
  'At seven, the Harlow Island ferry pulls away from the north pier. ' +
  'With room for forty cars at most, summer drivers start lining up around six. ' +
  'You buy tickets on board, and a car costs twelve pounds.';

describe('what a chat model says around a rewrite', () => {
  const strip = (answer: string): { text: string; removed: string[] } => stripChatter(answer, ORIGINAL);

  it('takes off an opening line, a closing offer, a note and hashtags, and nothing of the rewrite', () => {
    const cases: [string, string[]][] = [
      [`Here is the rewritten text:\n\n${REWRITE}`, ['Here is the rewritten text:']],
      [`Sure! Here's a more natural version:\n${REWRITE}`, ["Sure! Here's a more natural version:"]],
      [`Sure! ${REWRITE}`, ['Sure!']],
      [`${REWRITE}\n\nI hope this helps!`, ['I hope this helps!']],
      [`${REWRITE} Let me know if you would like any changes.`, ['Let me know if you would like any changes.']],
      [`${REWRITE}\n\n(Note: every figure is kept as it was.)`, ['(Note: every figure is kept as it was.)']],
      [
        `${REWRITE}\n\nNote: the tone is now more relaxed.\n\nHope that helps!`,
        ['Hope that helps!', 'Note: the tone is now more relaxed.'],
      ],
      [`${REWRITE} #FerryLife #IslandTime`, ['#FerryLife #IslandTime']],
    ];
    for (const [answer, removed] of cases) {
      const r = strip(answer);
      expect(r.text, answer).toBe(REWRITE);
      expect(r.removed).toEqual(removed);
    }
    // Hashtags between two sentences go, and the sentences join as they should.
    const mid = REWRITE.replace('pier. ', 'pier. #Ferry #Morning ');
    expect(strip(mid).text).toBe(REWRITE);
  });

  it('a restart keeps the text written after it', () => {
    const slip = `At seven, the Harlow Island ferry pulls away. Oops, a stray character slipped in there. Let's rectify that: ${REWRITE}`;
    expect(strip(slip).text).toBe(REWRITE);
  });

  it('leaves what the user wrote, and words that only look like chatter', () => {
    // The user's text opens with "Sure," or ends with a hashtag or a note: the rewrite keeps them.
    const own = 'Sure, the ferry is late. It always is in winter. #Harlow';
    expect(stripChatter('Sure, the ferry runs late. In winter it always does. #Harlow', own).removed).toEqual([]);
    // A mail that opens with "Here are the details:" and closes with an offer of its own keeps both, in the
    // rewrite's words; a post with hashtags keeps the rewrite's hashtags.
    const mail =
      'Here are the details for Friday:\nThe ferry leaves at seven and tickets cost twelve pounds.\nFeel free to reach out with any questions.';
    const mailRewrite =
      "Here's what you need for Friday:\nThe ferry sails at seven, and a ticket is twelve pounds.\nFeel free to reach out if you have questions.";
    expect(stripChatter(mailRewrite, mail)).toEqual({ text: mailRewrite, removed: [] });
    const post = 'The ferry runs again from Monday. #Harlow';
    expect(stripChatter('From Monday the ferry is back. #HarlowIsland', post).removed).toEqual([]);
    // A closing line that only looks like an offer ("if you would like to join") is the user's.
    const invite = 'The walk starts at the pier at nine. If you would like to join, bring boots.';
    expect(
      stripChatter('At nine the walk sets off from the pier. If you would like to join, wear boots.', invite).removed,
    ).toEqual([]);
    // "I hope this helps you plan" followed by more of the rewrite is the rewrite; so is an indent.
    const plan = `${REWRITE} I hope this helps you plan the trip. The return ferry leaves at six.`;
    expect(strip(plan)).toEqual({ text: plan, removed: [] });
    const nested = `Here is the rewritten text:\n- The ferry:\n  - leaves at seven\n  - carries forty cars`;
    expect(strip(nested).text).toBe('- The ferry:\n  - leaves at seven\n  - carries forty cars');
    // A number sign with a figure, a colon inside a sentence, and an answer that is nothing but chatter.
    for (const answer of [
      `The ferry is the #1 way to the island. ${REWRITE}`,
      `Here is what matters: ${REWRITE}`,
      'I hope this helps!',
      REWRITE,
    ]) {
      const r = strip(answer);
      expect(r.text, answer).toBe(answer);
      expect(r.removed).toEqual([]);
    }
  });

  describe('in Deep, over HTTP', () => {
    let provider: { url: string; close: () => Promise<void> };
    beforeAll(async () => {
      provider = await startScriptedProvider(
        () => `Sure! Here's a more natural version:\n\n${REWRITE}\n\nI hope this helps! #FerryLife`,
      );
    });
    afterAll(async () => {
      await provider.close();
    });

    it('delivers the rewrite without the words around it', async () => {
      const r = await humanize(ORIGINAL, {
        mode: 'deep',
        seed: 1,
        llm: { baseURL: provider.url, apiKey: 'test', model: 'scripted', callTimeoutMs: 5_000 },
      });
      // Delivered, or offered beside a light edit that scored lower (decision 0059): either way without chatter.
      const m = modelPart(r);
      expect(m).not.toBeNull();
      expect(m!.text).not.toMatch(/Sure|Here's|hope this helps|#FerryLife/);
      expect(m!.text).toMatch(/forty cars/);
    });
  });
});
