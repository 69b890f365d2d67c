import { describe, expect, it } from 'vitest';
import { checkFaithful } from './index.ts';
import { TAIL } from './test-texts.ts';

// Reversed claims: antonyms, amounts and comparisons turned around, and the same claim told from the other side.
describe('faithfulness check', () => {
  it('a sale told from the buyer’s side is the same sale; a seller who buys is a reversal', () => {
    const o = 'Tickets are sold at the kiosk beside the pier. The museum shop is closed on Mondays.';
    expect(
      checkFaithful(o, 'You buy tickets at the kiosk next to the pier. On Mondays the museum shop is shut.'),
    ).toMatchObject({
      ok: true,
    });
    const p = 'Last spring the investors sold most of their shares in the bakery. They kept the building.';
    expect(
      checkFaithful(
        p,
        'Last spring the investors bought most of the shares in the bakery. They held on to the building.',
      ),
    ).toMatchObject({ ok: false, drift: 'antonym' });
  });

  it('an antonym counts in the sense WordNet opposes it, or in the place of its synonym', () => {
    // "Profit" and "benefit" are "gain" as earnings; "reduce" is the opposite of "gain" as putting on weight.
    for (const [o, a] of [
      [
        'Asking several friends for advice before a big decision brings real benefits. Each of them sees the choice from another side.',
        'Asking several friends for advice before a big decision pays off, reducing the doubt you feel. Each of them sees the choice from another side.',
      ],
      [
        'Panama profits from the strength of the dollar. Its banks hold most of their reserves in it.',
        'Panama benefits from the stable dollar, which reduces the risk of sudden inflation. Its banks keep most of their reserves in it.',
      ],
    ] as const)
      // No antonym failure. ("which reduces the risk of sudden inflation" is a claim the text does not make: it is
      // reported as added, a soft failure.)
      expect(checkFaithful(o, a).failures.filter((f) => f.drift !== 'added')).toEqual([]);
    // The antonym itself, but in another place and role: "set up a school" reverses no "rise" in enrolment.
    const schools = 'Enrolment in private schools saw a rise from 6% to 8%. The law lets anyone create such a school.';
    expect(
      checkFaithful(
        schools,
        'Private school enrolment climbed from 6% to 8%, and the law lets anyone set up such a school.',
      ).failures,
    ).toEqual([]);
    expect(
      checkFaithful(
        'Prices rose sharply in May. Shops ran short of flour.',
        'Prices fell sharply in May. Shops ran short of flour.',
      ),
    ).toMatchObject({ ok: false, drift: 'antonym' });
    // A synonym in the same place, next to a word both sentences have, is reversed all the same.
    expect(
      checkFaithful(
        'I picked the evening course for two main reasons. It fits my shifts and it is close to home.',
        'I picked the evening course for two secondary reasons. It suits my shifts and it is near home.',
      ),
    ).toMatchObject({ ok: false, drift: 'antonym' });
    expect(
      checkFaithful(
        'The glaze is used on tarts to hold the fruit in place. It sets in ten minutes.',
        'Bakers use the glaze on tarts to lose the fruit in place. It sets in ten minutes.',
      ),
    ).toMatchObject({ ok: false, drift: 'antonym' });
  });

  it('"unlike" compares; it reverses only a likeness the original states', () => {
    expect(
      checkFaithful(
        'The new model differs from earlier designs in one respect: it stores its memory outside the network.',
        'Unlike earlier designs, the new model stores its memory outside the network.',
      ).ok,
    ).toBe(true);
    expect(
      checkFaithful(
        'Cities such as Lyon and Turin have kept their old tram lines. Both run them every ten minutes.',
        'Cities unlike Lyon and Turin have kept their old tram lines. Both run them every ten minutes.',
      ),
    ).toMatchObject({ ok: false, drift: 'antonym' });
  });

  it('catches a reversed claim when the original said it with a synonym', () => {
    const o = 'It is crucial that every member signs the form before the meeting.';
    expect(checkFaithful(o, 'It is unimportant that every member signs the form before the meeting.')).toMatchObject({
      ok: false,
      drift: 'antonym',
    });
    expect(checkFaithful(o, 'Every member must sign the form before the meeting; this matters a lot.').ok).toBe(true);
  });

  it('catches an amount or comparison turned around: more and less, many and few, all and some, different and same, never and always', () => {
    const o =
      'Swimming burns more calories than walking. Many students joined the club this year. The two groups used different methods.';
    expect(checkFaithful(o, o.replace('more calories', 'less calories'))).toMatchObject({
      ok: false,
      drift: 'antonym',
    });
    expect(checkFaithful(o, o.replace('Many students', 'Few students'))).toMatchObject({ ok: false, drift: 'antonym' });
    expect(checkFaithful(o, o.replace('different methods', 'the same methods'))).toMatchObject({
      ok: false,
      drift: 'antonym',
    });
    expect(
      checkFaithful(
        'All members voted for the plan at the meeting.',
        'Some members voted for the plan at the meeting.',
      ),
    ).toMatchObject({ ok: false, drift: 'antonym' });
    // "Never lets us down" turned into "always lets us down": the "not" is gone and nothing denies instead.
    expect(
      checkFaithful(
        'The prices are fair and the soup is good; the café never disappoints.',
        'Prices are fair and the soup is tasty, and the café always lets us down.',
      ),
    ).toMatchObject({ ok: false });
    // Said the same way in other words, or "the same" as an idiom, it is kept.
    expect(
      checkFaithful(
        o,
        'Swimming uses up more calories than walking does. Numerous students signed up for the club this year. At the same time, the two groups relied on distinct methods.',
      ).ok,
    ).toBe(true);
  });

  it('catches one side of an amount turned around while the sentence keeps another use of it, and "as much" turned to "as little"', () => {
    const o = 'The new pump uses 30% less power and has 40% fewer moving parts than the old one.';
    expect(
      checkFaithful(o, 'Compared with the old one, the new pump uses 30% less power and has 40% more moving parts.'),
    ).toMatchObject({
      ok: false,
      drift: 'antonym',
    });
    // Both sides moved apart in other places: "less" kept, "more" said elsewhere, nothing turned around.
    expect(
      checkFaithful(o, 'The new pump draws 30% less power than the old one, and it has 40% fewer moving parts.').ok,
    ).toBe(true);
    expect(
      checkFaithful(
        'I value the old bike just as much as I value our long friendship.',
        'I treasure the old bike as little as our long friendship.',
      ),
    ).toMatchObject({ ok: false, drift: 'antonym' });
    // "A little" softens: not an amount turned around.
    expect(
      checkFaithful(
        'The soup was much better than last week and the bread was fresh.',
        'The soup was a little better than last week, and the bread was fresh.',
      ).drift,
    ).not.toBe('antonym');
  });

  it('a reversed claim is judged against the original sentences aligned with it, not the whole text', () => {
    const o = 'The new schedule will reduce waiting times at the clinic. Nurses also learn new skills on the job.';
    expect(
      checkFaithful(o, 'The new schedule will cut waiting times at the clinic. Nurses also gain new skills on the job.')
        .ok,
    ).toBe(true);
    expect(
      checkFaithful(
        'The new schedule will lengthen waiting times at the clinic.',
        'The new schedule will shorten waiting times at the clinic.',
      ),
    ).toMatchObject({ ok: false, drift: 'antonym' });
  });

  it('an illness called a disorder is not the opposite of an order', () => {
    const o = 'The clinic helps children with early problems of speech. Parents can book a visit online.';
    expect(
      checkFaithful(o, 'The clinic supports children with early speech disorders. Parents can book a visit online.'),
    ).toMatchObject({ ok: true });
  });

  it('common opposites WordNet does not list are a reversed claim where the original says the other word', () => {
    for (const [o, a] of [
      ['The new rules will help small farms.', 'The new rules will hurt small farms.'],
      ['Most voters supported the plan.', 'Most voters opposed the plan.'],
      ['The school will allow phones at lunch.', 'The school will forbid phones at lunch.'],
    ])
      expect(checkFaithful(o + TAIL, a + TAIL), a).toMatchObject({ ok: false, drift: 'antonym' });
    // Both words said as the original says them.
    expect(
      checkFaithful(
        'The new rules will help small farms and hurt large ones.' + TAIL,
        'Small farms will be helped by the new rules, while large ones will be hurt.' + TAIL,
      ),
    ).toMatchObject({ ok: true });
  });

  it('"no longer", "few" for "most" and "less safe" for "safer" turn a claim around', () => {
    const o =
      'The city opened a bike lane along the river. Nearby shops say business is steady. Most residents feel safer on the new route.';
    const a =
      'A bike lane now runs along the river. Shops nearby report steady business. Most residents feel safer on the route.';
    expect(checkFaithful(o, a)).toMatchObject({ ok: true });
    for (const changed of [
      a.replace('report steady business', 'say business is no longer steady'),
      a.replace('Most residents feel', 'Few residents feel'),
      a.replace('feel safer', 'feel less safe'),
    ])
      expect(checkFaithful(o, changed).ok, changed).toBe(false);
  });
});
