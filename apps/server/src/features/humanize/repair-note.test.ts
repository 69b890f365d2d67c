import { describe, expect, it } from 'vitest';
import { countRepairs, judgeAndRepair } from '@plainspoken/humanizer';
import { repairedNote } from '@plainspoken/shared';

/** The engine counts its repairs; the result's note says them. */
describe('the note for a repaired rewrite, from what the engine did', () => {
  const original =
    'The ferry to the island leaves the harbour at seven every morning in summer. ' +
    'Tickets are sold at the kiosk beside the pier and cannot be booked ahead. ' +
    'Bicycles travel free, but dogs must stay on a lead for the whole crossing. ' +
    'A small café on the upper deck sells tea, coffee and warm pastries. ' +
    'In winter the first crossing is an hour later because of the dark mornings.';

  /** The note a rewrite gets: the engine's repairs, counted as the engine counts them for the result. */
  const noteFor = (rewrite: string): { text: string; note: string } => {
    const r = judgeAndRepair(original, rewrite, 'deep');
    if (!r.ok) throw new Error(`the check set the rewrite aside: ${r.reason}`);
    return { text: r.text, note: repairedNote(countRepairs(r.repairs)) };
  };

  it('a sentence the rewrite left out is said to be put back, not to have changed a fact', () => {
    const rewrite =
      'Every summer morning at seven, the island ferry pulls out of the harbour. ' +
      'You buy tickets at the kiosk next to the pier, with no booking ahead. ' +
      'Up on the top deck, a little café serves tea, coffee and warm pastries. ' +
      'Winter crossings start an hour later, since the mornings are dark.';
    expect(noteFor(rewrite).note).toBe(
      'The rewrite left out 1 sentence of your text, so we put it back as you wrote it.',
    );
  });

  it('a rewrite that stops before the end is said to have left the rest out', () => {
    const rewrite =
      'Every summer morning at seven, the island ferry pulls out of the harbour. ' +
      'You buy tickets at the kiosk next to the pier, with no booking ahead. ' +
      'Bikes ride free, but dogs stay on a lead for the whole trip. ' +
      'Up on the top deck, a little café serves tea, coffee and warm pastries.';
    const { text, note } = noteFor(rewrite);
    expect(text).toContain('In winter the first crossing is an hour later');
    expect(note).toBe('The rewrite left out 1 sentence of your text, so we put it back as you wrote it.');
  });

  it('a sentence the rewrite added is said to be taken out, not kept as written', () => {
    const rewrite =
      'Every summer morning at seven, the island ferry pulls out of the harbour. ' +
      'You buy tickets at the kiosk next to the pier, with no booking ahead. ' +
      'Bikes ride free, but dogs stay on a lead for the whole trip. ' +
      'Jugglers and fiddlers often perform beside the old lighthouse on calm weekends. ' +
      'Up on the top deck, a little café serves tea, coffee and warm pastries. ' +
      'Winter crossings start an hour later, since the mornings are dark.';
    const { text, note } = noteFor(rewrite);
    expect(text).not.toContain('Jugglers');
    expect(note).toBe('1 sentence the rewrite added says something your text does not, so we took it out.');
  });

  it('a sentence whose fact changed says so', () => {
    const rewrite =
      'Every summer morning at nine, the island ferry pulls out of the harbour. ' +
      'You buy tickets at the kiosk next to the pier, with no booking ahead. ' +
      'Bikes ride free, but dogs stay on a lead for the whole trip. ' +
      'Up on the top deck, a little café serves tea, coffee and warm pastries. ' +
      'Winter crossings start an hour later, since the mornings are dark.';
    expect(noteFor(rewrite).note).toMatch(
      /^1 sentence of the rewrite changed what your text says, so we kept it as you wrote it \(a number/,
    );
  });
});
