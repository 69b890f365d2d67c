import { describe, expect, it } from 'vitest';
import { makeRng } from '../rng.ts';
import { contract } from './contractions.ts';

const c = (s: string): string => contract(s, { rng: makeRng(1), usage: new Map(), contractProb: 1 });

describe('contract', () => {
  it('contracts where a word follows', () => {
    expect(c('It is clear that they are ready and we do not know.')).toBe(
      "It's clear that they're ready and we don't know.",
    );
    expect(c('Do not go. It cannot work.')).toBe("Don't go. It can't work.");
  });

  it('never contracts clause-final or "that is,"', () => {
    expect(c('It is what it is.')).toBe("It's what it is.");
    expect(c('I know what it is and why.')).toBe('I know what it is and why.');
    expect(c('The first one, that is, the best.')).toBe('The first one, that is, the best.');
    expect(c('They are.')).toBe('They are.');
  });

  it('keeps "not only" expanded', () => {
    expect(c('It is not only fast.')).toBe("It's not only fast.");
    expect(c('This does not only help.')).toBe('This does not only help.');
  });
});
