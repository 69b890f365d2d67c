// The training scripts' settings (train, bench, families, calibrate:verdict), read from the environment in one
// place, typed and checked, the first time a script asks for them. The detector itself reads only
// DETECTOR_WEIGHTS_DIR, when it loads its weights (index.ts).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultWeightsDir } from '../io.ts';

type Env = Readonly<Record<string, string | undefined>>;

export interface TrainingConfig {
  /** Hash buckets of the `ngram` family, and the bits of the hashes its kept-n-gram bitmap reads. */
  ngramBuckets: number;
  ngramKeepBits: number;
  /** The same for the `skeleton` family. */
  skeletonBuckets: number;
  skeletonKeepBits: number;
  /** Buckets of the word and skeleton language models of the `lmratio` family. */
  lmBuckets: number;
  skelLmBuckets: number;
  /** An n-gram is kept when at least this many training texts have it. */
  minDocFreq: number;
  /** Penalty of the `ngram` fit: DETECTOR_LAMBDA_NGRAM (versions 5 to 7: 4e-4; 1e-3 gives version 4). */
  lambdaNgram: number;
  lambdaSkeleton: number;
  /** Penalty of the `stylometric` and `casual` fits: DETECTOR_LAMBDA_STYLO. */
  lambdaStylo: number;
  lambdaLM: number;
  /** Penalty of the non-negative stack over the families. */
  lambdaMeta: number;
  /** Non-native human essays count this many times, so that the fit and the threshold protect them. */
  nonNativeWeight: number;
  /** Folds (by text group) of the out-of-fold scores for the stack and calibration: DETECTOR_FOLDS (2 gives version 5). */
  folds: number;
  lbfgsIters: number;
  /** Share of human texts the document flag may catch, and the sentence highlight's. */
  fpr: number;
  sentenceFpr: number;
  /** Texts are weighted ∝ (texts of the same label and domain)^-domainPower. */
  domainPower: number;
  /** AI texts with none of the stock phrases count this many times in every fit: DETECTOR_PLAIN_WEIGHT (1 gives version 2). */
  plainWeight: number;
}

/** The settings the shipped weights were fitted with (weights/manifest.json records them). */
export const TRAINING_DEFAULTS: Readonly<TrainingConfig> = Object.freeze({
  ngramBuckets: 1 << 20,
  ngramKeepBits: 25,
  skeletonBuckets: 1 << 18,
  skeletonKeepBits: 22,
  lmBuckets: 1 << 18,
  skelLmBuckets: 1 << 16,
  minDocFreq: 3,
  lambdaNgram: 4e-4,
  lambdaSkeleton: 1e-3,
  lambdaStylo: 1e-2,
  lambdaLM: 1e-2,
  lambdaMeta: 1e-3,
  nonNativeWeight: 3,
  folds: 4,
  lbfgsIters: 80,
  fpr: 0.01,
  sentenceFpr: 0.05,
  domainPower: 0.5,
  plainWeight: 3,
});

/**
 * Experiment switches of earlier rounds (docs/detector-rounds.md), removed: none of them is in the shipped
 * weights, and setting one now would silently do nothing, so it is refused.
 */
export const REMOVED_SWITCHES: readonly string[] = [
  'DETECTOR_STACK',
  'DETECTOR_STACK_SPLIT',
  'DETECTOR_WINDOWS',
  'DETECTOR_DOMAIN_POWER',
  'DETECTOR_GENRE_FE',
  'DETECTOR_GENRE_LAMBDA',
  'DETECTOR_AUGMENT',
  'DETECTOR_AUGMENT_WEIGHT',
];

function positive(env: Env, name: string, fallback: number, whole = false): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const v = Number(raw);
  if (!Number.isFinite(v) || v <= 0 || (whole && !Number.isInteger(v)))
    throw new Error(`${name} must be a positive ${whole ? 'whole number' : 'number'}, not "${env[name]}"`);
  return v;
}

/** The training settings from `env`: the defaults, with the four a run may change. Throws naming a bad value. */
export function readTrainingConfig(env: Env): TrainingConfig {
  const removed = REMOVED_SWITCHES.filter((name) => env[name] !== undefined);
  if (removed.length)
    throw new Error(
      `${removed.join(', ')}: experiment switch${removed.length > 1 ? 'es' : ''} no longer in the training (docs/detector-rounds.md); unset to train`,
    );
  const folds = positive(env, 'DETECTOR_FOLDS', TRAINING_DEFAULTS.folds, true);
  if (folds < 2) throw new Error(`DETECTOR_FOLDS must be at least 2, not "${env.DETECTOR_FOLDS}"`);
  return {
    ...TRAINING_DEFAULTS,
    lambdaNgram: positive(env, 'DETECTOR_LAMBDA_NGRAM', TRAINING_DEFAULTS.lambdaNgram),
    lambdaStylo: positive(env, 'DETECTOR_LAMBDA_STYLO', TRAINING_DEFAULTS.lambdaStylo),
    folds,
    plainWeight: positive(env, 'DETECTOR_PLAIN_WEIGHT', TRAINING_DEFAULTS.plainWeight),
  };
}

let current: TrainingConfig | null = null;

/** The settings of this run: read from the environment on the first call, the same object afterwards. */
export function trainingConfig(): TrainingConfig {
  return (current ??= readTrainingConfig(process.env));
}

/** Replaces this run's settings (a script's own option, such as bench:families' `--folds`). */
export function setTrainingConfig(config: TrainingConfig): void {
  current = config;
}

export interface ScriptPaths {
  /** CORPUS_DIR, relative to the repository root; default ../shared/corpus. */
  corpusDir: string;
  /** The weights a script scores with: DETECTOR_WEIGHTS_DIR, else the shipped ones. */
  weights: string;
  /** Where training writes (with a trailing slash): DETECTOR_OUT, else over the shipped weights. */
  out: string;
}

export function readScriptPaths(env: Env = process.env): ScriptPaths {
  const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
  return {
    corpusDir: resolve(repoRoot, env.CORPUS_DIR || '../shared/corpus'),
    weights: env.DETECTOR_WEIGHTS_DIR || defaultWeightsDir(),
    out: env.DETECTOR_OUT ? resolve(env.DETECTOR_OUT) + '/' : defaultWeightsDir(),
  };
}
