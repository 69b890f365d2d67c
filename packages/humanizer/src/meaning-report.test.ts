import { describe, expect, it } from 'vitest';
import { changeReason } from './explain.ts';
import { factsOf, meaningReport } from './meaning-report.ts';
import { judgeAndRepair, putBackOf } from './model/sentence-repair.ts';

const ORIGINAL =
  'The ferry crossing to the Isle of Man took 16 minutes on 4 May 2021. Captain Ada Moreno is a 19-time winner of the race. "We never sail in fog," said Ada Moreno. The harbour can not take three ships at once. See https://example.org/ferry for times.';

describe('meaning report', () => {
  it('lists each number with its unit, date, name, link, quotation and negation of the text, in order', () => {
    const kinds = factsOf(ORIGINAL).map((f) => `${f.kind}:${ORIGINAL.slice(f.start, f.end)}`);
    expect(kinds).toEqual([
      'name:Isle of Man',
      'number:16 minutes',
      'date:4 May 2021',
      'name:Captain Ada Moreno',
      'number:19-time winner',
      'quotation:"We never sail in fog,"',
      'name:Ada Moreno',
      'negation:not',
      'number:three ships',
      'link:https://example.org/ferry',
    ]);
  });

  it('a result that says every fact as written: all kept, each found where it stands', () => {
    const result =
      'On 4 May 2021 the ferry crossing to the Isle of Man took 16 minutes. Captain Ada Moreno has been a 19-time winner of the race. "We never sail in fog," said Ada Moreno. The harbour can not take 3 ships at once. Times are at https://example.org/ferry.';
    const r = meaningReport(ORIGINAL, result);
    expect(r.facts.every((f) => f.kept)).toBe(true);
    for (const f of r.facts) {
      const [s, e] = f.result!;
      if (f.kind !== 'negation' && f.text !== 'three ships') expect(result.slice(s, e)).toBe(f.text);
    }
    expect(result.slice(...r.facts.find((f) => f.text === 'three ships')!.result!)).toBe('3 ships');
    expect(r.summary).toBe('10 facts checked: 3 numbers, 1 date, 3 names, 1 link, 1 quotation, 1 negation: all kept');
  });

  it('the changes real models make are not kept: a unit, a count made a rank, a garbled name, a lost denial', () => {
    const result =
      'The ferry crossing to Man Isle took 16 points on 4 May 2021. Captain Ada Moreno is the 19th champion of the race. "We never sail in fog," said Ada Moreno. The harbour can take three ships at once. See https://example.org/ferry for times.';
    const r = meaningReport(ORIGINAL, result);
    const lost = r.facts.filter((f) => !f.kept).map((f) => `${f.kind}:${f.text}`);
    expect(lost).toEqual(['name:Isle of Man', 'number:16 minutes', 'number:19-time winner', 'negation:not']);
    expect(r.summary).toMatch(
      /^10 facts checked: .*: 6 kept, 4 not in the result as written \("Isle of Man", "16 minutes", "19-time winner", \.\.\.\)$/,
    );
  });

  it('a changed speaker or quotation is not kept; "not only" denies nothing', () => {
    const o = 'Not only did it rain, it also snowed. "Stay home," said Mayor Lee Park.';
    expect(factsOf(o).map((f) => f.kind)).toEqual(['quotation', 'name']);
    const r = meaningReport(o, 'It rained and it snowed. "Stay inside," said Mayor Kim.');
    expect(r.facts.map((f) => f.kept)).toEqual([false, false]);
  });

  it('a bound is not a denial: "no more than three pairs" is at most three', () => {
    expect(factsOf('It takes no more than three pairs, and no fewer than two.').map((f) => f.kind)).toEqual([
      'number',
      'number',
    ]);
    expect(factsOf('The shop is no longer open.').map((f) => f.kind)).toEqual(['negation']);
  });

  it('lists the negations the check reads, from its one lexicon: a contraction whole, set phrases left out', () => {
    const text =
      "We didn't sign, and the deal cannot close. It is not only cheap but also fast. I can't wait to see it. " +
      'Reply no later than noon, dont forget.';
    const negations = factsOf(text)
      .filter((f) => f.kind === 'negation')
      .map((f) => text.slice(f.start, f.end));
    expect(negations).toEqual(["didn't", 'cannot', 'dont']);
    // A contraction the result keeps is found where it stands, as the whole word.
    const r = meaningReport('She did not call.', "She didn't call.");
    const [neg] = r.facts;
    expect(neg).toMatchObject({ kind: 'negation', kept: true });
    expect("She didn't call.".slice(...neg!.result!)).toBe("didn't");
  });

  it('a number said in words in the result is found whole where it stands', () => {
    const r = meaningReport('We ordered 3 ships in all.', 'In all, we ordered three ships.');
    expect(r.facts.map((f) => [f.text, f.kept])).toEqual([['3 ships', true]]);
    expect('In all, we ordered three ships.'.slice(...r.facts[0]!.result!)).toBe('three ships');
  });

  it('a text with no facts says so', () => {
    expect(meaningReport('Good food matters to everyone.', 'Good food matters to all.').summary).toBe(
      'No numbers, dates, names, links, quotations or negations to check',
    );
  });
});

describe('the Word comment on a model change', () => {
  const ctx = { engine: 'model', sentence: '' };
  it('cites only the facts the change kept, and names one it did not keep', () => {
    expect(changeReason('took 16 minutes on the Isle of Man', 'lasted 16 minutes on the Isle of Man', ctx)).toBe(
      "model rewrite; kept as written: '16 minutes', 'Isle of Man'",
    );
    expect(changeReason('took 16 minutes', 'took 16 points', ctx)).toBe(
      "model rewrite; check this change: '16 minutes' not kept as written",
    );
    expect(changeReason('a sunny day', 'a bright day', ctx)).toBe(
      'model rewrite: the replaced words hold no number, date, name, quotation or negation',
    );
  });
});

describe('the sentences put back, in the meaning report', () => {
  it('a sentence whose number the rewrite changed comes back as written, with why and the rule that found it', () => {
    const original =
      'The ferry to the island takes 40 minutes in calm weather. It leaves the harbour every hour from seven. ' +
      'Tickets are sold on board and at the kiosk by the pier.';
    const answer =
      'In calm weather, the island ferry needs 55 minutes. It departs from the harbour each hour starting at seven. ' +
      'You can buy tickets on board or at the kiosk beside the pier.';
    const r = judgeAndRepair(original, answer);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const back = putBackOf(r.repairs);
    expect(back).toHaveLength(1);
    expect(back[0]?.sentence).toBe('The ferry to the island takes 40 minutes in calm weather.');
    expect(back[0]?.rule).toMatch(/^number\./);
    expect(back[0]?.why).toMatch(/number/);
    const m = meaningReport(original, r.text, back);
    expect(m.summary).toMatch(/: all kept\. 1 sentence put back as you wrote it$/);
    expect(m.putBack).toEqual(back);
    expect(m.rules).toEqual([back[0]?.rule]);
    // A light edit puts nothing back: the line says only the facts.
    expect(meaningReport(original, original).summary).toMatch(/all kept$/);
  });
});

describe("the model's second reading, in the meaning report (decision 0067)", () => {
  const original = 'The ferry to the island takes 40 minutes in calm weather. It leaves the harbour every hour.';
  const result = 'In calm weather the island ferry takes 40 minutes. It leaves the harbour every hour.';

  it('says how many of the sentences the model wrote it compared and found the same, and only when one was asked', () => {
    const all = meaningReport(original, result, [], { heard: 1, rewritten: 1 });
    expect(all.summary).toMatch(
      /: all kept\. A second reading by the model compared the rewritten sentence with yours and found it the same$/,
    );
    expect(all.secondReading).toEqual({ heard: 1, rewritten: 1 });
    expect(meaningReport(original, result, [], { heard: 9, rewritten: 11 }).summary).toMatch(
      /compared 9 of the 11 rewritten sentences with yours and found them the same$/,
    );
    expect(meaningReport(original, result, [], { heard: 4, rewritten: 4 }).summary).toMatch(
      /compared all 4 rewritten sentences with yours and found them the same$/,
    );
    // Asked, but no verdict came back (the provider failed or repeated the question): it says so.
    expect(meaningReport(original, result, [], { heard: 0, rewritten: 2 }).summary).toMatch(
      /\. No second reading by the model could be made$/,
    );
    // None asked, or nothing the model wrote is left in the result: no line.
    const none = meaningReport(original, result);
    expect(none.summary).toMatch(/all kept$/);
    expect(none).not.toHaveProperty('secondReading');
    expect(meaningReport(original, original, [], { heard: 0, rewritten: 0 }).summary).toMatch(/all kept$/);
  });
});
