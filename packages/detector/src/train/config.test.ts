import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { defaultWeightsDir } from '../io.ts';
import { readScriptPaths, readTrainingConfig, REMOVED_SWITCHES, TRAINING_DEFAULTS } from './config.ts';

describe('training settings', () => {
  it('default to the settings the shipped weights were fitted with', () => {
    const manifest = JSON.parse(readFileSync(`${defaultWeightsDir()}manifest.json`, 'utf8')) as {
      trainedOn: { settings: Record<string, unknown> };
    };
    const config = readTrainingConfig({});
    expect(config).toEqual(TRAINING_DEFAULTS);
    for (const [key, value] of Object.entries(config)) expect(manifest.trainedOn.settings[key], key).toBe(value);
  });

  it('read the four a run may change, typed', () => {
    const config = readTrainingConfig({
      DETECTOR_FOLDS: '2',
      DETECTOR_PLAIN_WEIGHT: '1',
      DETECTOR_LAMBDA_NGRAM: '1e-3',
      DETECTOR_LAMBDA_STYLO: ' 0.02 ',
    });
    expect(config).toEqual({ ...TRAINING_DEFAULTS, folds: 2, plainWeight: 1, lambdaNgram: 1e-3, lambdaStylo: 0.02 });
  });

  it('refuse a value that is not a positive number, naming the variable', () => {
    expect(() => readTrainingConfig({ DETECTOR_FOLDS: 'four' })).toThrow(
      /DETECTOR_FOLDS must be a positive whole number/,
    );
    expect(() => readTrainingConfig({ DETECTOR_FOLDS: '2.5' })).toThrow(/DETECTOR_FOLDS/);
    expect(() => readTrainingConfig({ DETECTOR_FOLDS: '1' })).toThrow(/DETECTOR_FOLDS must be at least 2/);
    expect(() => readTrainingConfig({ DETECTOR_LAMBDA_NGRAM: '-1' })).toThrow(/DETECTOR_LAMBDA_NGRAM/);
    expect(() => readTrainingConfig({ DETECTOR_PLAIN_WEIGHT: 'NaN' })).toThrow(/DETECTOR_PLAIN_WEIGHT/);
  });

  it('refuse the removed experiment switches rather than ignore them', () => {
    expect(REMOVED_SWITCHES).toContain('DETECTOR_WINDOWS');
    expect(() => readTrainingConfig({ DETECTOR_WINDOWS: '1' })).toThrow(/DETECTOR_WINDOWS: experiment switch no/);
    expect(() => readTrainingConfig({ DETECTOR_STACK: 'lr', DETECTOR_AUGMENT: '0' })).toThrow(
      /DETECTOR_STACK, DETECTOR_AUGMENT: experiment switches/,
    );
  });

  it('resolve the corpus and the weights folders', () => {
    const paths = readScriptPaths({ CORPUS_DIR: '/data/corpus', DETECTOR_OUT: '/tmp/w' });
    expect(paths).toEqual({ corpusDir: '/data/corpus', weights: defaultWeightsDir(), out: '/tmp/w/' });
    expect(readScriptPaths({ DETECTOR_WEIGHTS_DIR: '/srv/w' }).weights).toBe('/srv/w');
    expect(readScriptPaths({}).corpusDir).toMatch(/shared\/corpus$/);
    expect(readScriptPaths({}).out).toBe(defaultWeightsDir());
  });
});
