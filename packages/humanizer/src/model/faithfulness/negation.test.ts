import { describe, expect, it } from 'vitest';
import { checkFaithful } from './index.ts';
import { judgeAndRepair } from '../sentence-repair.ts';
import { ORIGINAL, REWRITE, TAIL, usedWhole } from './test-texts.ts';

// Negation: a "not" lost, added or said in other words, judged sentence by sentence.
describe('faithfulness check', () => {
  it('judges negation sentence by sentence inside a merge, and does not count a merged "not" against a sentence', () => {
    const o =
      'The committee met on Monday. The analysis of the budget was not finished by then. The members asked for more time.';
    // One answer sentence merges all three; the "not" is kept in other words: no failure.
    const merged = 'Meeting on Monday, the committee found the budget analysis unfinished and asked for more time.';
    expect(checkFaithful(o, merged).failures.filter((f) => f.drift === 'negation')).toEqual([]);
    // The sentence that follows the second one closely drops its "not": caught, naming that sentence.
    const flipped =
      'The committee met on Monday, and the members asked for more time. The analysis of the budget was finished by then.';
    const j = checkFaithful(o, flipped);
    expect(j).toMatchObject({ ok: false, drift: 'negation' });
    expect(j.failures.find((f) => f.drift === 'negation')?.answer).toBe(1);
  });

  it('a denied word and its antonym or negating-prefix form agree', () => {
    const o = 'Morality should not be bound by private interests, but absolute and universal for every person.';
    expect(
      checkFaithful(o, 'Morality must be absolute and universal for every person, unbound by private interests.').ok,
    ).toBe(true);
    expect(
      checkFaithful(
        'Morality should be bound by private interests, and relative for every person.',
        'Morality must be relative for every person, unbound by private interests.',
      ),
    ).toMatchObject({ ok: false, drift: 'antonym' });
    // Denied on both sides, a word and its antonym say opposite things.
    const club = 'Under the new rules the club cannot be listed as a private members club.';
    expect(checkFaithful(club, 'The new rules mean the club cannot be listed as a private members club.').ok).toBe(
      true,
    );
    expect(checkFaithful(club, 'The new rules mean the club cannot be listed as a public members club.')).toMatchObject(
      { ok: false, drift: 'antonym' },
    );
  });

  it('a word denied only in an original sentence this one shares little with is a doubt, not a flip', () => {
    const o =
      'Maria did not join the choir. Maria plays the violin. Maria paints on weekends. Her brother teaches chemistry at the local school.';
    // "the choir" here is the songs she hums, not a claim that she joined it.
    const loose = checkFaithful(
      o,
      'Maria plays the violin and paints on weekends. She also hums songs from the choir while she paints. Her brother teaches chemistry at the local school.',
    );
    expect(loose.ok).toBe(true);
    expect(loose.doubts).toEqual([1]);
    // Said of the sentence that denies it, the same word is a flip.
    expect(
      checkFaithful(
        o,
        'Maria joined the choir. She plays the violin and paints on weekends. Her brother teaches chemistry at the local school.',
      ),
    ).toMatchObject({ ok: false, drift: 'negation' });
  });

  it('catches a flipped negation and a reversed claim', () => {
    const r = checkFaithful(ORIGINAL, REWRITE.replace("costs aren't lowered", 'costs are lowered'));
    expect(r).toMatchObject({ ok: false, drift: 'negation' });
    const v = checkFaithful(ORIGINAL, REWRITE.replace('Big companies get help', 'Big companies get no help'));
    expect(v).toMatchObject({ ok: false, drift: 'negation' });
    const a = checkFaithful(
      'Prices increase in winter because demand for heating is high.',
      'Prices decrease in winter because demand for heating is high.',
    );
    expect(a).toMatchObject({ ok: false, drift: 'antonym' });
  });

  it('still checks a sentence for a reversed claim when it says a denial in other words', () => {
    const o = 'The old bridge is not safe for heavy trucks, and traffic on it will increase next year.';
    expect(
      checkFaithful(o, 'The old bridge is unsafe for heavy trucks, and traffic on it will increase next year.').ok,
    ).toBe(true);
    expect(
      checkFaithful(o, 'The old bridge is unsafe for heavy trucks, and traffic on it will decrease next year.'),
    ).toMatchObject({ ok: false, drift: 'antonym' });
  });

  it('reads a prefix as a denial only where it denies its stem', () => {
    // "improve" is not "prove" denied, nor "instill" "still"; "insignificant" is "significant" denied.
    expect(
      checkFaithful(
        'The tests prove the value of the new rules for safety at the plant. Staff were trained in March.',
        'The tests show that the new rules improve safety at the plant. Staff were trained in March.',
      ).ok,
    ).toBe(true);
    expect(
      checkFaithful(
        'Her family instilled a habit of saving money, and she still keeps to it.',
        'She still saves money, a habit her family taught her.',
      ).ok,
    ).toBe(true);
    expect(
      checkFaithful('The results were significant for the trial.', 'The results were insignificant for the trial.'),
    ).toMatchObject({ ok: false, drift: 'antonym' });
  });

  it('a denial restated without "not" keeps its meaning; a denial dropped does not', () => {
    // A denying word is itself stated or denied: "does not prevent" and "prevents" disagree.
    const p = 'The new filter does not prevent users from sharing their files with the team.';
    expect(checkFaithful(p, 'The new filter prevents users from sharing their files with the team.')).toMatchObject({
      ok: false,
      drift: 'negation',
    });
    expect(
      checkFaithful(p, 'Users can still share their files with the team; the new filter does not stop them.').ok,
    ).toBe(true);
    const o = 'I think they should have found some way to not do the home video effect.';
    expect(checkFaithful(o, 'They really should have avoided the home video effect somehow.').ok).toBe(true);
    expect(checkFaithful(o, 'They really should have used the home video effect somehow.')).toMatchObject({
      ok: false,
      drift: 'negation',
    });
  });

  it('compares negations with the sentences an answer sentence follows, not one that only shares a word', () => {
    const o =
      'The health ministry of the country does not publish its figures every year. The mortality rate in the country is falling and now stands at about 28 percent. ' +
      'Doctors expect better treatment and earlier diagnosis to lower the rate further over the next decade. Hospitals in the north have hired more nurses.';
    const a =
      'In the country, the mortality rate has been declining and still stands at a worrying level of roughly 28 percent, according to the health ministry. ' +
      'Doctors hope better care and earlier diagnosis will bring the rate down over the coming decade. Hospitals in the north have taken on more nurses.';
    expect(checkFaithful(o, a).ok).toBe(true);
    expect(checkFaithful(o, a.replace('has been declining', 'has not been declining'))).toMatchObject({
      ok: false,
      drift: 'negation',
    });
  });

  it('catches a "not" added to a merge of three sentences when the closest of them denies nothing', () => {
    const o =
      'The city museum opens its new east wing this spring. Visitors will see paintings from three centuries there. ' +
      'Entry to the wing stays free for local schools. The old hall closes for repairs in May.';
    const a =
      'This spring the city museum will unveil it; that freshly built extension is where visitors see paintings from ' +
      'three centuries and local schools enter the wing free. In May the old hall closes for repairs.';
    expect(checkFaithful(o, a).ok).toBe(true);
    const flipped = checkFaithful(o, a.replace('will unveil', 'will not unveil'));
    expect(flipped.alignment[0]).toEqual([0, 1, 2]);
    expect(flipped).toMatchObject({ ok: false, drift: 'negation' });
  });

  it('reads a double negation as the claim it makes, and a denied negative word as praise', () => {
    const o =
      "I'm not arguing that there aren't more workers than jobs, it's just that employers expect top talent for their money.";
    expect(
      checkFaithful(
        o,
        "While it's true that there are more workers than jobs, employers expect top talent for their money.",
      ).ok,
    ).toBe(true);
    expect(
      checkFaithful(
        o,
        "It's not true that there are more workers than jobs, and employers expect top talent for their money.",
      ),
    ).toMatchObject({ ok: false, drift: 'negation' });
    expect(
      checkFaithful(
        'Looks like there is a second Red Kings restaurant in Chinatown and it did not disappoint!',
        'There now seems to be a second Red Kings restaurant in Chinatown, and it lived up to expectations!',
      ).ok,
    ).toBe(true);
    // A "not" typed without its apostrophe is a "not"; a denying word both sides use ("sugar-free")
    // explains no difference in the count of "not".
    expect(
      checkFaithful(
        'Phones arent just toys, they are useful tools for keeping in touch with family.',
        'Phones are just toys, but useful tools for keeping in touch with family.',
      ),
    ).toMatchObject({ ok: false, drift: 'negation' });
    expect(
      checkFaithful(
        'Sugar-free sodas are common in school canteens across the region.',
        'Sugar-free sodas are not commonly sold in school canteens across the region.',
      ),
    ).toMatchObject({ ok: false, drift: 'negation' });
    // Set phrases with a negation word that deny nothing.
    expect(checkFaithful('I agree with the plan.', "I couldn't agree more with the plan.").ok).toBe(true);
    expect(
      checkFaithful('We train large networks at a low cost.', 'We train large networks without breaking the bank.').ok,
    ).toBe(true);
  });

  it('catches a denial the original never makes: a negating prefix, or "lacks" and "unable" where it denies nothing', () => {
    const o = 'Please review the contract before you sign it. The team finished the new booking system in two weeks.';
    // The rewrite's own word, turned around: the original neither says "important" nor denies anything.
    expect(
      checkFaithful(
        o,
        'It is unimportant to review the contract before you sign it. The team finished the new booking system in two weeks.',
      ),
    ).toMatchObject({ ok: false, drift: 'antonym' });
    expect(
      checkFaithful(
        o,
        'Please review the contract before you sign it. The team lacked the new booking system in two weeks.',
      ),
    ).toMatchObject({ ok: false, drift: 'negation' });
    // Praise is no denial, and a negative word the original says in other words is kept.
    expect(
      checkFaithful(
        o,
        'It is incredibly wise to review the contract before you sign it. The team finished the new booking system in two weeks.',
      ).ok,
    ).toBe(true);
    expect(
      checkFaithful(
        'Sorry for the slow reply, I have been sick since Monday.',
        'Sorry for the slow reply, I have been unwell since Monday.',
      ).ok,
    ).toBe(true);
    expect(
      checkFaithful(
        'The town was known for its insanitary streets and crowded houses.',
        'The town was known for its unhealthy streets and crowded houses.',
      ).ok,
    ).toBe(true);
  });

  it('a denial said with "fails to" and said with "not" agree, however far the denied thing stands from the denying word', () => {
    const o =
      'The council may be dissolved by the mayor if it fails to elect a new chair from its own ranks within 28 days.';
    for (const answer of [
      'If the council does not elect a chair within 28 days, the mayor may dissolve it.',
      'And if the folks on the council can’t pick a chair within 28 days, boom, the mayor could dissolve it.',
    ])
      expect(checkFaithful(o, answer).ok).toBe(true);
    // A "not" the original does not make is still caught, and so is one that the rewrite takes past a new clause.
    expect(
      checkFaithful(
        'The council must elect a new chair from its own ranks within 28 days.',
        'The council must not elect a chair within 28 days.',
      ),
    ).toMatchObject({ ok: false, drift: 'negation' });
    expect(
      checkFaithful(
        'A guest could not walk onto this stage and sing, and the show was real.',
        'A guest couldn’t walk onto this stage and sing, and the show was not real.',
      ),
    ).toMatchObject({ ok: false, drift: 'negation' });
  });

  it('a denial the answer restates with an antonym counts only when the original does not say that antonym too', () => {
    const o = 'If the coach were a female teacher, the same advice would be hard to give to male teachers.';
    expect(
      checkFaithful(
        o,
        'If the coach was not a female teacher, the same advice would be hard to give to male teachers.',
      ),
    ).toMatchObject({ ok: false, drift: 'negation' });
  });

  it('"not only … but also" denies nothing; a "not only" with no second part turns a restriction around', () => {
    const o = 'The ferry only runs in the summer months. Tickets are sold at the harbour office.';
    const t = ' Tickets are sold at the harbour office.';
    expect(usedWhole(o, 'The ferry runs only during the summer months.' + t)).toBe(true);
    // The set phrase, with its second part, or inverted at the start of a sentence.
    const both = 'The ferry carries bikes and cars. Tickets are sold at the harbour office.';
    expect(usedWhole(both, 'The ferry carries not only bikes but also cars.' + t)).toBe(true);
    expect(usedWhole(both, 'Not only bikes ride the ferry, cars do as well.' + t)).toBe(true);
    expect(usedWhole(both, 'Not only does the ferry carry bikes, it carries cars.' + t)).toBe(true);
    // Without a second part, the "not" denies the "only": the ferry now runs in other months too.
    const r = judgeAndRepair(o + TAIL, `The ferry does not only run in the summer months.${t}${TAIL}`);
    expect(r.judgement.failures.map((f) => f.drift)).toContain('negation');
  });

  it('"too tired to climb" denies the climb, as "unable to climb" does', () => {
    const o = 'By noon the hikers were too tired to climb the last ridge. They camped by the lake instead.';
    for (const a of [
      'By noon the hikers were so worn out that climbing the last ridge was impossible. They camped by the lake instead.',
      'By noon the hikers were exhausted and unable to climb the last ridge. They camped by the lake instead.',
    ])
      expect(checkFaithful(o, a), a).toMatchObject({ ok: true });
  });

  it('a "not" traded for a word that denies in its place keeps the meaning; a "not" dropped or added does not', () => {
    const kept: [string, string][] = [
      ['Not many people came to the opening night.', 'Few people came to the opening night.'],
      ['Dogs are not allowed in the dining room.', 'Dogs are banned from the dining room.'],
      ['The children did not like the new playground.', 'The children disliked the new playground.'],
      ['Hardly any tickets were left by Friday.', 'By Friday, very few tickets were left.'],
      ['The report does not mention the costs.', 'The costs are missing from the report.'],
      ['The shop no longer sells fresh bread.', 'The shop has stopped selling fresh bread.'],
      [
        'Many could not visit during the day because of work.',
        'For many, work kept them from visiting during the day.',
      ],
    ];
    for (const [o, a] of kept) expect(checkFaithful(o + TAIL, a + TAIL), a).toMatchObject({ ok: true, failures: [] });
    const flipped: [string, string][] = [
      ['Dogs are not allowed in the dining room.', 'Dogs are allowed in the dining room.'],
      ['The children did not like the new playground.', 'The children liked the new playground.'],
      ['The report does not mention the costs.', 'The report mentions the costs.'],
      ['Many people came to the opening night.', 'Few people came to the opening night.'],
      // A denying word elsewhere in the sentence, which the original also says in other words, does not excuse a
      // "not" added beside other words.
      [
        'Rather than copy the old design, the team drew new parts that are light enough for the frame.',
        'Unlike the old design, the team drew new parts that are not light enough for the frame.',
      ],
    ];
    for (const [o, a] of flipped) expect(checkFaithful(o + TAIL, a + TAIL).ok, a).toBe(false);
  });

  it('keeps a denial restated the way models restate it, and still catches the claim turned around', () => {
    const kept: [string, string][] = [
      // A "not" on a word its prefix already denies states the claim plainly.
      ['It is not uncommon for the creek to flood in spring.', 'The creek often floods in spring.'],
      // "Neither … nor" is one denial, and it reaches the verb.
      ['Neither the owner nor the agent answered the email.', 'The email got no answer from the owner or the agent.'],
      [
        'Neither the owner nor the agent answered the email.',
        'The owner did not answer the email, and neither did the agent.',
      ],
      // Words that deny in the place of a "not".
      ['The new rule does not apply to seasonal staff.', 'Seasonal staff are exempt from the new rule.'],
      ['The new rule does not apply to seasonal staff.', 'The new rule excludes seasonal staff.'],
      ['The gallery is closed on Tuesdays.', 'You cannot visit the gallery on Tuesdays.'],
      ['The app no longer supports older tablets.', 'Support for older tablets has ended.'],
      ['There is little proof that the tonic works.', 'There is hardly any proof that the tonic works.'],
      // A word denied where the original states its antonym, or the antonym of a word the original denies.
      ['The gallery is closed on Tuesdays.', 'The gallery does not open on Tuesdays.'],
      ['She is not wrong about the fees.', 'She is right about the fees.'],
      ['The climb was hard for most walkers.', 'The climb was not easy for most walkers.'],
      [
        'The park has a lake. That is not all: it also has a zoo.',
        'The park has a lake. But that is not all, since it also has a zoo.',
      ],
      ['Few of the tenants came to the meeting.', 'Not many tenants came to the meeting.'],
      // A denial said with a prefix leaves nothing of the sentence out.
      ['The tower was never finished.', 'The tower was left unfinished.'],
      ['The findings were not significant.', 'The findings were insignificant.'],
      ['No one was hurt in the fire.', 'Everyone left the fire unharmed.'],
      ['The charger lasts less than a week.', 'The charger does not last a full week.'],
      ['The shop refused to give a refund.', 'The shop declined to give a refund.'],
      [
        'The club lost the semi-final, so it did not win the trophy.',
        'After losing the semi-final, the club missed out on the trophy.',
      ],
    ];
    expect(kept.filter(([o, a]) => !usedWhole(o, a))).toEqual([]);
    const turned: [string, string][] = [
      ['It is not uncommon for the creek to flood in spring.', 'It is uncommon for the creek to flood in spring.'],
      ['Neither the owner nor the agent answered the email.', 'Both the owner and the agent answered the email.'],
      ['The new rule does not apply to seasonal staff.', 'The new rule also applies to seasonal staff.'],
      ['The gallery is closed on Tuesdays.', 'The gallery is open on Tuesdays.'],
      ['Few of the tenants came to the meeting.', 'Most of the tenants came to the meeting.'],
      ['The shop refused to give a refund.', 'The shop agreed to give a refund.'],
      ['The city bans fireworks in parks.', 'The city allows fireworks in parks.'],
      // A denial without "not", lost.
      ['The lotion failed to ease the itching.', 'The lotion eased the itching.'],
      ['The council has yet to approve the budget.', 'The council has approved the budget.'],
      // "Not all about" denies; only "that is not all" at the end of a clause is a set phrase.
      ['Good design is about making daily life easier.', 'Good design is not all about making daily life easier.'],
      // "about" is no negating prefix: "not about to" denies.
      ['The old roof was about to collapse.', 'The old roof was not about to collapse.'],
    ];
    expect(turned.filter(([o, a]) => usedWhole(o, a))).toEqual([]);
  });
});
