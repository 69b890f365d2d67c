import { describe, expect, it } from 'vitest';
import { checkFaithful } from './index.ts';
import { describeRepairs, judgeAndRepair, withoutRepeats } from '../sentence-repair.ts';
import { LONG, LONG_REWRITE, ORIGINAL, REWRITE } from './test-texts.ts';

/** A text of five sentences, and a rewrite that leaves out the third (bicycles and dogs) and says the rest. */
const FERRY =
  'The ferry to the island leaves the harbour at seven every morning in summer. ' +
  'Tickets are sold at the kiosk beside the pier and cannot be booked ahead. ' +
  'Bicycles travel free, but dogs must stay on a lead for the whole crossing. ' +
  'A small café on the upper deck sells tea, coffee and warm pastries. ' +
  'In winter the first crossing is an hour later because of the dark mornings.';
const FERRY_REWRITE =
  'Every summer morning at seven, the island ferry pulls out of the harbour. ' +
  'You buy tickets at the kiosk next to the pier, with no booking ahead. ' +
  'Up on the top deck, a little café serves tea, coffee and warm pastries. ' +
  'Winter crossings start an hour later, since the mornings are dark.';

// Repair instead of discard: the sentences that fail are put back as written, in the text's order.
describe('repair instead of discard', () => {
  it('puts back only the sentence whose number changed and says so', () => {
    const bad = LONG_REWRITE.replace('40 percent', '45 percent');
    const r = judgeAndRepair(LONG, bad);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text).toContain('About 40 percent of the firms have filed their forms.');
    expect(r.text).not.toContain('45');
    // The faithful sentences of the rewrite are kept.
    expect(r.text).toContain("costs aren't lowered by the new policy");
    expect(r.text).toContain('A help line takes calls each weekday morning.');
    expect(describeRepairs(r.repairs)).toMatch(/^\d sentences? kept as written: a number changed/);
  });

  it('removes an invented sentence and keeps the rest', () => {
    const r = judgeAndRepair(
      ORIGINAL,
      `${REWRITE} Critics also warned that solving mysteries of the ocean floor requires submarine expeditions and satellite mapping.`,
    );
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.text).not.toMatch(/mysteries/);
      expect(r.text).toContain('Big companies get help');
    }
  });

  it('puts back the sentences a rewrite left out, where they were, and keeps the rest', () => {
    const dropped = LONG_REWRITE.slice(0, LONG_REWRITE.indexOf('Next year') - 1);
    expect(checkFaithful(LONG, dropped)).toMatchObject({ ok: false, drift: 'dropped' });
    const r = judgeAndRepair(LONG, dropped);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text.startsWith(dropped)).toBe(true);
    expect(r.text.slice(dropped.length)).toBe(
      ' The office will publish a guide for owners next year. Owners can call a help line every weekday morning. Several banks have offered cheaper loans to the firms.',
    );
    expect(describeRepairs(r.repairs)).toBe('3 sentences kept as written: part of your text was left out');
  });

  it('puts back a sentence left out of a rewrite that passes as a whole, never losing it in silence', () => {
    const o = FERRY;
    const rewrite = FERRY_REWRITE;
    const j = checkFaithful(o, rewrite);
    // The check lets the answer through as a whole, and knows which sentence it lost.
    expect(j.ok).toBe(true);
    expect(j.dropped).toEqual([2]);
    const r = judgeAndRepair(o, rewrite);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text).toContain('Bicycles travel free, but dogs must stay on a lead for the whole crossing.');
    // In its place, and the rest is the model's.
    expect(r.text.indexOf('Bicycles')).toBeGreaterThan(r.text.indexOf('no booking ahead'));
    expect(r.text.indexOf('Bicycles')).toBeLessThan(r.text.indexOf('Up on the top deck'));
    expect(r.text).toContain('Winter crossings start an hour later');
    expect(describeRepairs(r.repairs)).toBe('1 sentence kept as written: part of your text was left out');
  });

  it('puts back a sentence left out of a rewrite that also fails elsewhere, once that failure is repaired', () => {
    const o = FERRY;
    // The time changed, and the bicycles and dogs left out.
    const rewrite = FERRY_REWRITE.replace('at seven', 'at eight');
    expect(checkFaithful(o, rewrite).ok).toBe(false);
    const r = judgeAndRepair(o, rewrite);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text).toContain('The ferry to the island leaves the harbour at seven every morning in summer.');
    expect(r.text).not.toContain('eight');
    expect(r.text).toContain('Bicycles travel free, but dogs must stay on a lead for the whole crossing.');
    expect(r.text).toContain('Up on the top deck, a little café serves tea, coffee and warm pastries.');
  });

  it('sets aside a repaired rewrite that still leaves out half of the text when that cannot come back', () => {
    const o = [
      'The town library opened its new reading room on the first of May.',
      'Builders spent eight months turning the old post office into a quiet space.',
      'The room holds about four thousand books and twenty long oak tables.',
      'Local artists painted a mural of the river along the north wall.',
      'Children can borrow up to six books at a time with a free card.',
      'A volunteer group runs a reading circle for older residents every Thursday.',
      'The council paid for new windows that let in far more daylight.',
      'Parking is limited, so visitors are asked to come by bus or bicycle.',
      'Opening hours are longer on weekends during the school holidays.',
      'The head librarian hopes the room will become a meeting place for the whole town.',
    ].join(' ');
    // Every other sentence gone, the rest said at length (no long gap, no early stop), and the date changed.
    const rewrite = [
      'On the first of June, the town library finally opened the doors of its brand new reading room to the public.',
      'With roughly four thousand books on its shelves, the room also offers twenty long tables made of solid oak.',
      'Children are allowed to take home as many as six books at once, and the card they need costs nothing at all.',
      'During the school holidays, the library keeps its doors open for longer hours on Saturdays and Sundays.',
      'The head librarian hopes that the room will grow into a real meeting place for everyone in the town.',
    ].join(' ');
    const j = checkFaithful(o, rewrite);
    expect(j.drift).toBe('number');
    expect(j.dropped.length).toBe(5);
    // Putting back the date's sentence and the five left out would put back more than half: set aside, not
    // delivered with half of the text missing.
    const r = judgeAndRepair(o, rewrite);
    expect(r).toMatchObject({ ok: false, drift: 'dropped' });
  });

  it('a rewrite that stops early, though its merges brush the last sentence, gets that sentence back at the end', () => {
    const o =
      'Our small bakery opened on the high street in a cold and rainy March. ' +
      'Neighbours queued every morning for the rye bread, the seeded loaves and the cinnamon buns, and the school next door ordered rolls for its lunches. ' +
      'By the summer we had hired two more bakers, painted the shop front green and started selling coffee and fresh lemonade. ' +
      'Looking back, the hardest part was the early mornings and the worry about the rent, but the warm welcome made every early start worth it.';
    const rewrite =
      'In a cold, rainy March our little bakery opened its doors on the high street. ' +
      'Every morning neighbours lined up for rye bread, seeded loaves and cinnamon buns, the school next door ordered rolls for lunch, and the warm welcome made it worth it. ' +
      'By summer two more bakers had joined us, the shop front was painted green, and we began selling coffee and fresh lemonade, though early mornings were hard.';
    const j = checkFaithful(o, rewrite);
    expect(j).toMatchObject({ ok: false, drift: 'dropped', dropped: [], unreached: [3] });
    const r = judgeAndRepair(o, rewrite);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text.startsWith('In a cold, rainy March our little bakery')).toBe(true);
    expect(r.text.endsWith('but the warm welcome made every early start worth it.')).toBe(true);
  });

  it('a rewrite that passes but says many sentences loosely keeps its own words; only what it leaves out comes back', () => {
    const o =
      "It's not hard for me to see why other people enjoy this board game, but it wasn't for me. " +
      "For one thing I own a large table and I'm much more interested in playing sprawling war games with miniatures. " +
      'Beyond that, the game is initially impressive in the size of its map, but I also felt that same size was a drag on my enjoyment. ' +
      'The rulebook and the amount of time needed to do anything interesting at the start were both too much for me. ' +
      'Perhaps if I were more patient and had more evenings free this would be compelling to me. ' +
      "But I don't have either, and there are plenty of other games I'd rather spend my evenings on.";
    const rewrite =
      'I can see why the game appeals to other people, yet it failed to grab me. ' +
      'With a big table at home, my preference leans towards expansive war games played with painted miniatures. ' +
      'Although the vast map initially wowed me, it eventually became overwhelming and somewhat spoiled my enjoyment. ' +
      'The thick rulebook coupled with the long setup required to reach engaging turns proved excessive. ' +
      "With limited patience and little spare time at night, this particular game didn't resonate with me, especially when there is a stack of other titles I'd prefer to play.";
    const j = checkFaithful(o, rewrite);
    expect(j.ok).toBe(true);
    // Four sentences under the coverage: putting them all back would be most of the text.
    expect(j.dropped.length).toBeGreaterThanOrEqual(3);
    const r = judgeAndRepair(o, rewrite);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // Only the sentences said nowhere in the rewrite (or reached by none of its sentences) come back.
    const back = r.repairs.reduce((n, x) => n + x.restored, 0);
    expect(back).toBeGreaterThan(0);
    expect(back).toBeLessThan(j.dropped.length);
    expect(r.text).toContain('The thick rulebook coupled with the long setup');
  });

  it('a much shorter rewrite that stops before the end has left the end out; a condensed one that reaches it has not', () => {
    const o =
      'The library on Mill Street reopened on Monday after a long renovation that took most of the year. ' +
      "Readers will find a larger children's corner with low shelves, soft chairs and a reading rug. " +
      'The old card catalogue was kept as a display near the entrance for visitors to browse. ' +
      'Study rooms on the upper floor can now be booked online a week ahead by anyone with a card. ' +
      'The café by the garden serves soup, sandwiches and coffee until four in the afternoon. ' +
      'Volunteers will run a book sale in the garden every Saturday morning through the summer months.';
    // Half as long, and the last sentence (a sixth of the text) is missing.
    const stops =
      'After a year of work, the Mill Street library opened again on Monday. Children get a bigger corner with low ' +
      'shelves and soft chairs. The old card catalogue now sits on display by the door. Upstairs study rooms can be ' +
      'booked online a week ahead. The garden café serves lunch until four.';
    const condensed =
      'After a year of work, the Mill Street library opened again on Monday. Children get a bigger corner, the old ' +
      'card catalogue sits by the door, and upstairs study rooms can be booked online. The garden café serves lunch ' +
      'until four, and volunteers hold a Saturday book sale all summer.';
    expect(checkFaithful(o, stops)).toMatchObject({ ok: false, drift: 'dropped' });
    expect(checkFaithful(o, condensed).ok).toBe(true);
    const r = judgeAndRepair(o, stops);
    expect(r.ok).toBe(true);
    // The missing end comes back, and so do the two sentences the rewrite said only thinly (the catalogue "for
    // visitors to browse", the café's "soup, sandwiches and coffee"), in their places.
    if (r.ok)
      expect(r.text).toBe(
        'After a year of work, the Mill Street library opened again on Monday. Children get a bigger corner with low ' +
          'shelves and soft chairs. The old card catalogue was kept as a display near the entrance for visitors to ' +
          'browse. Upstairs study rooms can be booked online a week ahead. The café by the garden serves soup, ' +
          'sandwiches and coffee until four in the afternoon. Volunteers will run a book sale in the garden every ' +
          'Saturday morning through the summer months.',
      );
  });

  it("a sentence put back goes in the text's order: never after a model sentence that refers back to it", () => {
    const o =
      'Maria Lopez opened the small bakery on Elm Street in 2015. She bakes sourdough bread there every morning before dawn. ' +
      'Her loaves usually sell out by noon. On Sundays the shop stays closed.';
    // The model moved the second sentence first and changed the year of the first.
    const a =
      'She bakes her sourdough bread there every morning, well before dawn. Maria Lopez opened the little bakery on Elm Street in 2016. ' +
      'Her loaves tend to sell out by noon. The shop is closed on Sundays.';
    const r = judgeAndRepair(o, a);
    expect(r.ok).toBe(true);
    if (r.ok)
      expect(r.text).toBe(
        'Maria Lopez opened the small bakery on Elm Street in 2015. She bakes her sourdough bread there every morning, well before dawn. ' +
          'Her loaves tend to sell out by noon. The shop is closed on Sundays.',
      );
  });

  it('a sentence put back replaces the loose rewrite of it, so the text does not say it twice', () => {
    const o =
      'The town council met on Monday evening to review the budget. It agreed to repair the school roof, hire two crossing guards and plant trees. The mayor thanked the volunteers who cleaned the river banks in spring. She said the new bus timetable had brought more shoppers into the centre. Next month the council will vote on a parking plan for the market square and a cycle lane beside the canal.';
    // The second answer sentence keeps only the roof of its original, and the last original is left out.
    const a =
      'On Monday evening the town council sat down to go over the budget. The school roof will get fixed. The mayor thanked the volunteers who cleaned up the river banks in the spring. According to her, the new bus timetable has brought more shoppers into the centre.';
    expect(checkFaithful(o, a)).toMatchObject({ ok: false, drift: 'dropped' });
    const r = judgeAndRepair(o, a);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text).toBe(
      'On Monday evening the town council sat down to go over the budget. It agreed to repair the school roof, hire two crossing guards and plant trees. The mayor thanked the volunteers who cleaned up the river banks in the spring. According to her, the new bus timetable has brought more shoppers into the centre. Next month the council will vote on a parking plan for the market square and a cycle lane beside the canal.',
    );
  });

  it('a failing merge takes with it only the answer sentences that cover what it puts back', () => {
    const o =
      'The committee met on Monday to review the budget. It approved 40 new computers for the city library. Members also discussed repairs to the old stone bridge near the river.';
    // The second answer sentence merges the last two originals and changes the number; the third covers the
    // bridge on its own, so it stays, and only the sentence about the computers is put back.
    const a =
      'On Monday the committee gathered to go over the budget. It approved 50 new computers for the library and discussed repairs to the old stone bridge. The bridge by the river is old, members said.';
    const r = judgeAndRepair(o, a);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text).toContain('It approved 40 new computers for the city library.');
    expect(r.text).toContain('The bridge by the river is old, members said.');
    expect(r.text).not.toContain('50');
  });

  it('drops a model sentence that only restates a sentence put back, when the text still passes without it', () => {
    const o =
      'The ferry leaves the harbour at seven every morning. Let the long wait be your reason to bring a good book. ' +
      'Coffee is sold on the upper deck.';
    const put = 'Let the long wait be your reason to bring a good book.';
    const text =
      `Every morning at seven the ferry pulls out of the harbour. ${put} ` +
      'Use the long wait as a reason to pack a good book. On the upper deck you can buy coffee.';
    const out = withoutRepeats(o, text, checkFaithful(o, text), new Set([1]), 'deep', []);
    expect(out).toBe(
      `Every morning at seven the ferry pulls out of the harbour. ${put} On the upper deck you can buy coffee.`,
    );
    // Nothing was put back: nothing goes.
    expect(withoutRepeats(o, text, checkFaithful(o, text), new Set(), 'deep', [])).toBe(text);
  });

  it('drops a model sentence that says a sentence put back again while merging a neighbour in, unless the neighbour is said nowhere else', () => {
    const o =
      'The library opens at nine on weekdays. Members can borrow six books at a time from the main hall. ' +
      'The reading room closes at noon on Saturdays. Story hour for children is on Friday afternoons.';
    const put = 'Members can borrow six books at a time from the main hall.';
    const rest =
      'On Saturdays the reading room shuts at noon. Story hour for children takes place on Friday afternoons.';
    // Closest to the sentence put back, aligned with the opening hours too, which the first sentence says.
    const again =
      'Members may borrow six books at once from the main hall after the library opens at nine on weekdays.';
    const said = `On weekdays the library opens its doors at nine. ${put} ${again} ${rest}`;
    const j = checkFaithful(o, said);
    expect(j.alignment[2]).toEqual([0, 1]);
    expect(withoutRepeats(o, said, j, new Set([1]), 'deep', [])).toBe(
      `On weekdays the library opens its doors at nine. ${put} ${rest}`,
    );
    // The opening hours said only in the merged sentence: it stays.
    const merged = `Members may take out six books at once from the main hall, which opens at nine on weekdays. ${put} ${rest}`;
    expect(withoutRepeats(o, merged, checkFaithful(o, merged), new Set([1]), 'deep', [])).toBe(merged);
  });

  it('gives up when most sentences fail', () => {
    const r = judgeAndRepair(
      ORIGINAL,
      'The new policy cuts costs for 12 small firms. It helps 9 large companies plan, and managers in Boston like it. Maria Okonkwo said so in May 2020. About 70 percent filed.',
    );
    expect(r.ok).toBe(false);
  });

  it('a lost protected span is repaired in the answer sentence that says its sentence most closely', () => {
    const o =
      'The school that impresses me most is Beijing University. It is one of the best known universities in China. ' +
      'Its campus has a lake and old trees. Students from every province study there. The library stays open late ' +
      'during exams. Many graduates go on to teach in small towns.';
    // The span's sentence said by two answer sentences: a merge that changes the name, and a loose one.
    const a =
      'Personally, the school that impresses me most is Peking University, one of the best known universities. ' +
      'It is among the best known universities in China. I admire the school a lot. Its campus has a lake and old ' +
      'trees. Students from all over the country study there. During exams the library stays open late. Lots of ' +
      'graduates end up teaching in small towns.';
    const spans = ['Beijing University', 'China'];
    const lost = checkFaithful(o, a, 'deep', spans).failures.find((f) => f.rule === 'span.lost');
    expect(lost).toMatchObject({ answer: 0, original: [0] });
    const r = judgeAndRepair(o, a, 'deep', spans);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text.startsWith('The school that impresses me most is Beijing University. It is among')).toBe(true);
    expect(r.text).not.toContain('Peking');
  });
});
