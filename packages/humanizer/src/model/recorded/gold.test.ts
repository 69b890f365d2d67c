import { describe, expect, it } from 'vitest';
import { CHANGE_KINDS, changeDelivered, goldFigures, goldSet, type GoldChange } from './gold.ts';
import { loadPairs, PAIR_KINDS, type Pair } from './pairs.ts';

const pair = (original: string, rewrite: string): Pair => ({
  id: 't',
  kind: 'l2r-gpt-4o',
  original,
  rewrite,
  domain: 'test',
});
const at = (text: string, s: string): [number, number] => [text.indexOf(s), text.indexOf(s) + s.length];

describe('the gold set of real fact changes', () => {
  it('records ids, kinds and offsets only, each change placed in the original or the rewrite', () => {
    const gold = goldSet();
    expect(gold.size).toBeGreaterThanOrEqual(50);
    for (const [id, g] of gold) {
      expect(PAIR_KINDS, id).toContain(g.kind);
      expect(Number.isInteger(g.round) && g.round >= 1, id).toBe(true);
      for (const c of g.changes) {
        expect(CHANGE_KINDS, id).toContain(c.kind);
        expect(c.original !== null || c.rewrite !== null, id).toBe(true);
        // No text of the corpus is kept: the reason is a few words of the reader's own.
        expect(c.why.split(/\s+/).length, id).toBeLessThanOrEqual(14);
      }
    }
  });

  it("every change's offsets fall inside the recorded texts it names", () => {
    const byId = new Map(loadPairs().pairs.map((p) => [p.id, p]));
    if (byId.size === 0) throw new Error('the corpus was not found (../shared/corpus or CORPUS_DIR)');
    for (const [id, g] of goldSet()) {
      const p = byId.get(id);
      expect(p, id).toBeDefined();
      for (const c of g.changes) {
        if (c.original) expect(c.original[1], id).toBeLessThanOrEqual(p!.original.length);
        if (c.rewrite) expect(c.rewrite[1], id).toBeLessThanOrEqual(p!.rewrite.length);
      }
    }
  });

  it('a change reaches the delivered text when its sentence does; a dropped statement when it stays out', () => {
    const o = 'The crossing took 16 minutes. It left at noon.';
    const r = 'The crossing took 16 points. It departed at noon.';
    const p = pair(o, r);
    const unit: GoldChange = { kind: 'unit', original: at(o, '16 minutes'), rewrite: at(r, '16 points'), why: 'unit' };
    expect(changeDelivered(p, unit, r)).toBe(true);
    // Repaired: the sentence was put back as the user wrote it.
    expect(changeDelivered(p, unit, 'The crossing took 16 minutes. It departed at noon.')).toBe(false);
    const dropped: GoldChange = { kind: 'dropped', original: at(o, 'It left at noon.'), rewrite: null, why: 'drop' };
    expect(changeDelivered(pair(o, 'The crossing took 16 minutes.'), dropped, 'The crossing took 16 minutes.')).toBe(
      true,
    );
    expect(changeDelivered(pair(o, 'The crossing took 16 minutes.'), dropped, o)).toBe(false);
  });

  it('counts the changes a reader was unsure of apart: a pair with only those is a faithful rewrite', () => {
    const byId = new Map(loadPairs().pairs.map((p) => [p.id, p]));
    if (byId.size === 0) throw new Error('the corpus was not found (../shared/corpus or CORPUS_DIR)');
    const gold = [...goldSet()];
    const unsureOnly = gold.find(([, g]) => g.changes.length > 0 && g.changes.every((c) => c.uncertain));
    const mixed = gold.find(([, g]) => g.changes.some((c) => c.uncertain) && g.changes.some((c) => !c.uncertain));
    expect(unsureOnly && mixed).toBeTruthy();
    const [a] = goldFigures([byId.get(unsureOnly![0])!]);
    expect(a).toMatchObject({ pairs: 1, faithful: 1, changedPairs: 0 });
    const [b] = goldFigures([byId.get(mixed![0])!]);
    expect(b).toMatchObject({ pairs: 1, faithful: 0, changedPairs: 1 });
    // Whatever reaches the result, the unsure changes never count among the delivered ones.
    const delivered = Object.values(b!.delivered).reduce((n, x) => n + (x ?? 0), 0);
    expect(delivered).toBeLessThanOrEqual(mixed![1].changes.filter((c) => !c.uncertain).length);
  });
});
