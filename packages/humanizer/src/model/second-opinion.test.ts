import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanize } from '../index.ts';
import { modelPart } from '../testing.ts';
import { checkFaithful } from './faithfulness/index.ts';
import { judgeAndRepair, LEFT_OUT_DETAIL } from './sentence-repair.ts';
import { parseDisputes, parseVerdicts } from './prompts.ts';
import { toAsk, toHear, toHearLeftOut } from './second-opinion.ts';
import { buildModelDoc, requiredSpans } from './placeholders.ts';
import { startScriptedProvider } from './scripted-provider.ts';

/**
 * The optional second opinion: sentences the checks let pass but cannot vouch for (a "not" lost inside a merge
 * of several sentences, with no word to point at) are put to the same provider, which may only reject them.
 */
const ORIGINAL =
  'The team met in May to review the plan. The budget for the new office was not signed off. Members asked for a delay of two weeks. ' +
  'Meanwhile the designers finished the floor layout and shared it with every department for comments. ' +
  'Several departments replied with requests for quieter rooms and more space for shared equipment. ' +
  'The facilities manager will collect the requests and prepare a revised layout for the next meeting in June.';
// The first three sentences merged; "was not signed off" became "got … through", which no rule can point at.
const REWRITE =
  'Meeting in May to review the plan, the team got the budget for the new office through, and members asked for a delay of two weeks. ' +
  'In the meantime the designers completed the floor layout and sent it to every department for comments. ' +
  'A number of departments answered, asking for quieter rooms and more room for shared equipment. ' +
  'The facilities manager is going to gather the requests and draw up a revised layout for the June meeting.';

/**
 * A scripted model for the loop: it answers a rewrite with `said` (a round on single sentences gets them back as
 * sent) and, asked for its second opinion, disputes with `why` each pair whose rewritten sentence holds `marker`.
 * `asked` keeps the second opinion's questions.
 */
async function scriptedJudge(
  said: string,
  marker: string | RegExp,
  why: string,
  /** Asked about sentences left out (decision 0067), it disputes each one holding this. */
  leftOutMarker = '\u0000',
  /** Asked to write sentences again (a repair or a detector round), each comes back through this. */
  again: (sentence: string) => string = (x) => x,
): Promise<{ provider: { url: string; close: () => Promise<void> }; asked: string[]; askedLeftOut: string[] }> {
  const asked: string[] = [];
  const askedLeftOut: string[] = [];
  const provider = await startScriptedProvider((prompt) => {
    if (prompt.includes('<passages>')) {
      askedLeftOut.push(prompt);
      return [...prompt.matchAll(/^(\d+)\. A: (.*)$/gm)]
        .map((m) => `${m[1]}. ${m[2]!.includes(leftOutMarker) ? 'B does not say this.' : 'NONE'}`)
        .join('\n');
    }
    if (!prompt.includes('<pairs>')) {
      const list = /<sentences>\n([\s\S]*?)\n<\/sentences>/.exec(prompt);
      return list
        ? (list[1] ?? '')
            .split('\n')
            .map((l) => l.replace(/^(\d+\. )(.*)$/, (_m, n: string, t: string) => n + again(t)))
            .join('\n')
        : said;
    }
    asked.push(prompt);
    return [...prompt.matchAll(/^(\d+)\. A: [\s\S]*?\n {3}B: (.*)$/gm)]
      .map(
        (m) => `${m[1]}. ${(typeof marker === 'string' ? m[2]!.includes(marker) : marker.test(m[2]!)) ? why : 'NONE'}`,
      )
      .join('\n');
  });
  return { provider, asked, askedLeftOut };
}

describe('second opinion', () => {
  it('the grey band: a merged sentence that lost its "not" without a word to point at passes, as a doubt', () => {
    const j = checkFaithful(ORIGINAL, REWRITE);
    expect(j.ok).toBe(true);
    expect(j.doubts).toEqual([0]);
    const r = judgeAndRepair(ORIGINAL, REWRITE, 'deep', [], 0, 0, j.doubts);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text).toContain('The budget for the new office was not signed off.');
    expect(r.text).toContain('the designers completed the floor layout');
    expect(r.repairs.map((x) => x.drift)).toEqual(['disputed']);
  });

  it('reads which pairs the provider found different', () => {
    expect(parseDisputes('1. NONE\n2. B says the budget passed\n3: none', 3)).toEqual([1]);
    expect(parseDisputes('Sure!\n1) The plan was approved in B', 2)).toEqual([0]);
    // The question repeated back is no verdict.
    expect(
      parseDisputes('1. A: The plan failed.\n   B: The plan worked.\n2. A: It rained.\n   B: It rained.', 2),
    ).toEqual([]);
    expect(parseDisputes('For each numbered pair, compare…\n<pairs>\n1. B says so\n</pairs>', 1)).toEqual([]);
    expect(parseDisputes('Each numbered item has…\n<passages>\n1. A: It rained.\n</passages>', 1)).toEqual([]);
    // Each item's verdict: a difference, none, or no line at all (not a verdict that it is the same).
    expect(parseVerdicts('1. NONE\n3. B says the budget passed', 3)).toEqual([false, null, true]);
    expect(parseVerdicts('1. A: The plan failed.\n   B: The plan worked.', 1)).toEqual([null]);
  });

  describe('in the model loop, over HTTP', () => {
    let provider: { url: string; close: () => Promise<void> };
    let url = '';
    const prompts: string[] = [];
    beforeAll(async () => {
      provider = await startScriptedProvider((prompt) => {
        prompts.push(prompt);
        const list = /<sentences>\n([\s\S]*?)\n<\/sentences>/.exec(prompt);
        if (prompt.includes('<pairs>')) return '1. B says the budget went through; A says it was not signed off.';
        return list ? (list[1] ?? '') : REWRITE;
      });
      url = provider.url;
    });
    afterAll(async () => {
      await provider.close();
    });

    it('off by default: the doubted sentence is kept as the model wrote it', async () => {
      prompts.length = 0;
      const r = await humanize(ORIGINAL, { mode: 'deep', llm: { baseURL: url, apiKey: 'k', model: 'm' }, seed: 1 });
      expect(prompts.some((p) => p.includes('<pairs>'))).toBe(false);
      expect(modelPart(r)?.text).toContain('got the budget for the new office through');
    });

    it('on, within its budget of calls: the provider disputes the sentence and it is kept as written', async () => {
      prompts.length = 0;
      const r = await humanize(ORIGINAL, {
        mode: 'deep',
        llm: { baseURL: url, apiKey: 'k', model: 'm', secondOpinionCalls: 1 },
        seed: 1,
      });
      const asked = prompts.filter((p) => p.includes('<pairs>'));
      // Three candidates, one call allowed.
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain(
        '1. A: The team met in May to review the plan. The budget for the new office was not signed off.',
      );
      // The doubted sentence first, then the other rewritten sentences in the same call.
      expect(asked[0]).toContain('B: In the meantime the designers completed the floor layout');
      const m = modelPart(r);
      expect(m).not.toBeNull();
      expect(m!.text).toContain('The budget for the new office was not signed off.');
      expect(m!.text).not.toContain('got the budget for the new office through');
      expect(m!.repairNote).toMatch(/a second check found/);
    });
  });

  describe('claims in words the text does not have, heard after the doubts', () => {
    const TEXT =
      'The library published a guide for new members in April. The guide explains how to borrow books and reserve ' +
      'rooms. Members can ask at the front desk for a printed copy. The library opens at nine on weekdays.';
    // "Useless" judges a guide the text only mentions: either judgement would pass the checks.
    const SAID =
      'In April the library put out a useless guide for new members. It explains how to borrow books and reserve ' +
      'rooms. Members may ask at the front desk for a printed copy. On weekdays the library opens at nine.';
    // The provider disputes the pair that calls the guide useless, wherever it stands in the list.
    let provider: { url: string; close: () => Promise<void> };
    let asked: string[] = [];
    beforeAll(async () => {
      ({ provider, asked } = await scriptedJudge(SAID, 'useless', 'B calls the guide useless; A does not judge it.'));
    });
    afterAll(async () => {
      await provider.close();
    });

    it('asks about every rewritten sentence still delivered, the doubted first, none the user wrote word for word', () => {
      // The third sentence is the text's own, word for word: there is nothing to judge in it.
      const said =
        'In April the library put out a useless guide for new members. It explains how to borrow books and reserve ' +
        'rooms. Members can ask at the front desk for a printed copy. On weekdays the library opens at nine.';
      const j = checkFaithful(TEXT, said);
      expect(j.claims).toEqual([0]);
      expect(toHear(j, said)).toEqual([0]);
      expect(toAsk(j, said)).toEqual([0, 1, 3]);
      // A sentence no longer in the text delivered (put back as written, or taken out) is not asked about.
      const delivered = said.replace(
        'On weekdays the library opens at nine.',
        'The library opens at nine on weekdays.',
      );
      expect(toAsk(j, delivered)).toEqual([0, 1]);
    });

    it('the check passes the sentence and lists it as a claim it cannot hold against the text', () => {
      const j = checkFaithful(TEXT, SAID);
      expect(j.ok).toBe(true);
      expect(j.doubts).toEqual([]);
      expect(j.claims).toContain(0);
      // Words of the text, said again, are no claim.
      expect(j.claims).not.toContain(3);
    });

    it('off, the claim stays; on, the provider disputes it and the sentence is kept as written', async () => {
      const off = await humanize(TEXT, {
        mode: 'deep',
        llm: { baseURL: provider.url, apiKey: 'k', model: 'm' },
        seed: 1,
      });
      expect(off.text).toContain('useless guide');
      expect(asked).toHaveLength(0);
      expect(off.secondReading).toBeUndefined();
      const on = await humanize(TEXT, {
        mode: 'deep',
        llm: { baseURL: provider.url, apiKey: 'k', model: 'm', secondOpinionCalls: 2 },
        seed: 1,
      });
      expect(asked.length).toBeGreaterThanOrEqual(1);
      expect(asked.length).toBeLessThanOrEqual(2);
      expect(asked[0]).toContain('B: In April the library put out a useless guide for new members.');
      expect(on.engine).toBe('model');
      expect(on.text).toContain('The library published a guide for new members in April.');
      expect(on.text).not.toContain('useless');
      expect(on.repairNote).toMatch(/a second check found/);
    });
  });

  describe('what the word rules leave as written: a sentence said thinly, a claim stated more surely', () => {
    const TEXT =
      'The council met on Monday to discuss the new bus route. Engineers said the route may cause delays on Hill ' +
      'Street during the morning rush. The mayor asked for a second study of the junction, the crossing and the ' +
      'school gates before any work starts. Residents can send comments until the end of the month.';
    // "may cause" made "will cause"; the study's three places left out. Both are soft: the repair has room for
    // one of them only.
    const SAID =
      'On Monday the council met to talk about the new bus route. Engineers said the route will cause delays on ' +
      'Hill Street during the morning rush. The mayor asked for another study before work starts. Residents may ' +
      'send comments until the end of the month.';
    let provider: { url: string; close: () => Promise<void> };
    let asked: string[] = [];
    beforeAll(async () => {
      ({ provider, asked } = await scriptedJudge(SAID, 'another study', 'B leaves out where the study looks.'));
    });
    afterAll(async () => {
      await provider.close();
    });

    it('hears the soft failures and the sentences following a thin one, only those still in the result', () => {
      const j = checkFaithful(TEXT, SAID);
      expect(j.ok).toBe(true);
      expect(j.doubts).toEqual([]);
      expect(j.claims).toEqual([]);
      expect(toHear(j)).toEqual([1, 2]);
      const r = judgeAndRepair(TEXT, SAID);
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      // The certainty was repaired (its sentence put back); the thin sentence had no room and stays as written.
      expect(r.text).toContain('Engineers said the route may cause delays');
      expect(r.text).toContain('The mayor asked for another study before work starts.');
      expect(toHear(j, r.text)).toEqual([2]);
    });

    it('on, the provider hears the thin sentence, finds the detail left out, and the sentence is put back', async () => {
      const on = await humanize(TEXT, {
        mode: 'deep',
        llm: { baseURL: provider.url, apiKey: 'k', model: 'm', secondOpinionCalls: 1 },
        seed: 1,
      });
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain('B: The mayor asked for another study before work starts.');
      // A sentence the repair already put back is not asked about.
      expect(asked[0]).not.toContain('B: Engineers said the route will cause delays');
      const m = modelPart(on);
      expect(m).not.toBeNull();
      expect(m!.text).toContain('the junction, the crossing and the school gates');
      expect(m!.text).not.toContain('another study');
      expect(m!.repairNote).toMatch(/a second check found/);
    });
  });
});

describe('sentences a repair brings back are heard in turn (decision 0066)', () => {
  const TEXT =
    "In today's rapidly evolving landscape, the Harbor Museum plays a crucial role in preserving local history. " +
    'Moreover, it offers a diverse array of engaging exhibits that captivate visitors of all ages. ' +
    'The museum opened its new gallery on the east side last spring. ' +
    "Ultimately, it stands as a testament to the community's enduring commitment to heritage.";
  // "on the east side" is gone from the third sentence; the second and fourth say theirs only thinly.
  const SAID =
    'The Harbor Museum plays a big part in keeping local history alive. ' +
    'It also has lots of engaging exhibits that visitors of all ages enjoy. ' +
    'Last spring the museum opened its new gallery. ' +
    'In the end, it shows how committed the community is to its heritage.';
  let provider: { url: string; close: () => Promise<void> };
  let asked: string[] = [];
  beforeAll(async () => {
    ({ provider, asked } = await scriptedJudge(SAID, 'Last spring', 'B leaves out where the gallery is.'));
  });
  afterAll(async () => {
    await provider.close();
  });

  it('the disputed sentence is put back, and the thin ones the repair then keeps as the model wrote them are asked about too', async () => {
    const r = await humanize(TEXT, {
      mode: 'deep',
      llm: { baseURL: provider.url, apiKey: 'k', model: 'm', secondOpinionCalls: 3 },
      seed: 1,
    });
    const m = modelPart(r);
    expect(m?.text).toContain('The museum opened its new gallery on the east side last spring.');
    expect(m?.repairNote).toMatch(/a second check found/);
    // The first call heard what was delivered then; putting the third sentence back left no room for the thin
    // repairs, so the model's second and fourth sentences came back and were heard in a second call.
    expect(asked).toHaveLength(2);
    expect(asked[0]).toContain('B: Last spring the museum opened its new gallery.');
    expect(asked[0]).not.toContain('B: It also has lots of engaging exhibits');
    expect(asked[1]).toContain('B: It also has lots of engaging exhibits that visitors of all ages enjoy.');
    expect(m?.text).toContain('It also has lots of engaging exhibits that visitors of all ages enjoy.');
    // The meaning report's second reading: the three sentences of the result the model wrote, each heard and found
    // the same (decision 0067).
    expect(r.engine).toBe('model');
    expect(r.secondReading).toEqual({ heard: 3, rewritten: 3 });
  });
});

describe('sentences of the text left out whole are heard after the rewritten ones (decision 0067)', () => {
  const TEXT =
    'The town council met on Monday evening to discuss the new park by the river. ' +
    'The mayor told the crowd, “We will open the park to every family in the spring, once the paths are finished.” ' +
    'She also thanked the forty volunteers who planted the oak trees along the water. ' +
    'The park will have a playground and a small pond.';
  // The quotation is gone from a sentence that also says the thanks: the repair puts the quotation's sentence back
  // and takes the model's out, and there is no room left to put the thanks back as well.
  const SAID =
    'On Monday evening the town council gathered to talk about the new riverside park. ' +
    'The mayor promised the crowd that the park would open to all families in spring after the paths are done, ' +
    'and she thanked the forty volunteers who planted oak trees by the water. ' +
    'A playground and a small pond are planned for the park.';
  const spans = requiredSpans(buildModelDoc(TEXT));

  it('the check delivers the repair without the thanks; the left-out sentence is heard beside its neighbours', () => {
    const r = judgeAndRepair(TEXT, SAID, 'deep', spans);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text).not.toContain('volunteers');
    expect(toHearLeftOut(r.judgement, r.text)).toEqual([
      {
        original: 2,
        passage:
          'The mayor told the crowd, “We will open the park to every family in the spring, once the paths are finished.” ' +
          'A playground and a small pond are planned for the park.',
      },
    ]);
    // Nothing is left out of the model's own answer, and a sentence put back as written is not left out.
    expect(toHearLeftOut(r.judgement, SAID)).toEqual([]);
    expect(toHearLeftOut(r.judgement, `${r.text} ${TEXT}`)).toEqual([]);
  });

  it('a disputed sentence of the text comes back where it stood; with no room for it, the answer is set aside', () => {
    // Room: a rewrite that says every sentence, one of them thinly.
    const TEXT2 =
      'The bakery on Elm Street opened in 1998. It sells bread, cakes and coffee to the neighbourhood. ' +
      'The owner bakes every loaf herself before dawn. Customers often queue outside on Saturday mornings.';
    const SAID2 =
      'The Elm Street bakery first opened in 1998. Bread, cakes and coffee are sold there to the neighbourhood. ' +
      'Every loaf is baked by the owner herself before dawn. On Saturday mornings customers often line up outside.';
    const plain = judgeAndRepair(TEXT2, SAID2);
    expect(plain.ok && plain.repairs).toEqual([]);
    const put = judgeAndRepair(TEXT2, SAID2, 'deep', [], 0, 0, [{ original: 2 }]);
    expect(put.ok).toBe(true);
    if (!put.ok) return;
    expect(put.text).toBe(
      'The Elm Street bakery first opened in 1998. Bread, cakes and coffee are sold there to the neighbourhood. ' +
        'The owner bakes every loaf herself before dawn. On Saturday mornings customers often line up outside.',
    );
    expect(put.repairs.map((x) => x.detail)).toEqual([LEFT_OUT_DETAIL]);
    // The thanks cannot come back without putting back most of the text: that rewrite is no rewrite any more.
    expect(judgeAndRepair(TEXT, SAID, 'deep', spans, 0, 0, [{ original: 2 }]).ok).toBe(false);
  });

  describe('in the model loop, over HTTP', () => {
    let provider: { url: string; close: () => Promise<void> };
    let askedLeftOut: string[] = [];
    beforeAll(async () => {
      ({ provider, askedLeftOut } = await scriptedJudge(SAID, '\u0000', 'NONE', 'volunteers'));
    });
    afterAll(async () => {
      await provider.close();
    });

    it('the provider finds the thanks left out: the rewrite is neither delivered nor offered without them', async () => {
      const r = await humanize(TEXT, {
        mode: 'deep',
        llm: { baseURL: provider.url, apiKey: 'k', model: 'm', secondOpinionCalls: 3 },
        seed: 1,
      });
      expect(askedLeftOut.length).toBeGreaterThanOrEqual(1);
      expect(askedLeftOut[0]).toContain(
        '1. A: She also thanked the forty volunteers who planted the oak trees along the water.',
      );
      expect(askedLeftOut[0]).toContain('B: The mayor told the crowd,');
      // Without the second opinion the model's version, thanks left out, would be offered beside the light edit.
      expect(modelPart(r)).toBeNull();
      expect(r.fallbackReason).toBe('meaning-changed');
      expect(r.text).toContain('She also thanked the forty volunteers');
    });
  });
});

describe('sentences written again after a repair are heard before they replace the sentences put back (decision 0067)', () => {
  // The merged first sentence is disputed and its three sentences are put back; asked to write them again, the model
  // gives the budget sentence a judgement ("sadly") the text does not make. The word rules pass it; the second
  // opinion does not.
  const AGAIN = 'The budget for the new office was, sadly, not signed off.';
  let provider: { url: string; close: () => Promise<void> };
  let judged: string[] = [];
  beforeAll(async () => {
    ({ provider, asked: judged } = await scriptedJudge(
      REWRITE,
      /got the budget|sadly/,
      'B differs from A.',
      '\u0000',
      (t) => (t.startsWith('The budget for the new office') ? AGAIN : t),
    ));
  });
  afterAll(async () => {
    await provider.close();
  });

  it('the word rules pass the new version; the second opinion disputes it and the sentence stays as written', async () => {
    const r = await humanize(ORIGINAL, {
      mode: 'deep',
      llm: { baseURL: provider.url, apiKey: 'k', model: 'm', secondOpinionCalls: 3 },
      seed: 1,
    });
    // The new version was heard; it had passed the word rules (fewer sentences put back) and is not delivered.
    expect(judged.some((p) => p.includes(`B: ${AGAIN}`))).toBe(true);
    const m = modelPart(r);
    expect(m?.text).toContain('The budget for the new office was not signed off.');
    expect(m?.text).not.toContain('sadly');
  });
});
