import { describe, expect, it } from 'vitest';
import { RULE_CASES } from './cases/index.ts';
import { checkFaithful, RULES, SOFT_DRIFTS, type Drift, type Faithfulness } from './index.ts';

/**
 * The rule cases, LanguageTool style: each case names the rule it is about, and the rule must fire on the
 * drifted rewrite (`fail`) and stay quiet on the faithful one (`keep`). Every rule has cases of both kinds.
 */
const fired = (r: Faithfulness): string[] =>
  [...new Set([r.rule, ...r.failures.map((f) => f.rule)])].filter((x): x is string => typeof x === 'string');

describe('faithfulness rules, case by case', () => {
  for (const [family, cases] of Object.entries(RULE_CASES))
    describe(family, () => {
      for (const c of cases) {
        if (c.fail !== undefined)
          it(`${c.rule} fires: ${c.note}`, () => {
            const r = checkFaithful(c.original, c.fail as string, c.mode, c.spans);
            // A soft failure is repaired where there is room but never decides the verdict.
            if (!SOFT_DRIFTS.includes((RULES.get(c.rule) as { drift: Drift }).drift)) expect(r.ok).toBe(false);
            expect(fired(r)).toContain(c.rule);
          });
        if (c.keep !== undefined)
          it(`${c.rule} keeps: ${c.note}`, () => {
            const r = checkFaithful(c.original, c.keep as string, c.mode, c.spans);
            expect(fired(r)).not.toContain(c.rule);
          });
      }
    });

  it('every rule has a case it fires on and a case it keeps, and every case names a rule that exists', () => {
    const all = Object.values(RULE_CASES).flat();
    for (const c of all) expect(RULES.has(c.rule), c.rule).toBe(true);
    for (const id of RULES.keys()) {
      expect(
        all.some((c) => c.rule === id && c.fail !== undefined),
        `${id}: no case it fires on`,
      ).toBe(true);
      expect(
        all.some((c) => c.rule === id && c.keep !== undefined),
        `${id}: no case it keeps`,
      ).toBe(true);
    }
  });

  it('every rule says what it reports and why, and names its exceptions', () => {
    for (const [id, rule] of RULES) {
      expect(rule.id).toBe(id);
      expect(id).toMatch(/^[a-z]+\.[a-z-]+$/);
      expect(rule.why.length).toBeGreaterThan(20);
      for (const e of rule.exceptions ?? []) {
        expect(e.id).toMatch(/^[a-z-]+$/);
        expect(e.why.length).toBeGreaterThan(10);
      }
    }
  });
});
