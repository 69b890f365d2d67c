/**
 * The outside detectors' answers as schemas (the API's types and its OpenAPI document). Kept apart from
 * `outside-detectors.ts`, whose names and strings the browser's first load uses without the schema library.
 */
import { type Infer, z } from './z';
import { OUTSIDE_DETECTORS } from './outside-detectors';
import { scoreSchema } from './score-schema';

export const outsideScore = z
  .object({
    detector: z.enum(OUTSIDE_DETECTORS).meta({ description: 'Which outside detector answered.', example: 'gptzero' }),
    name: z.string().meta({ description: "The detector's name as shown.", example: 'GPTZero' }),
    status: z
      .enum(['ok', 'unavailable'])
      .meta({ description: '`unavailable` when it failed, timed out, was rate limited or your allowance is used.' }),
    score: scoreSchema
      .nullable()
      .meta({ description: "The detector's own probability that the text is machine-written, as 0-100." }),
    label: z
      .string()
      .nullable()
      .meta({ description: "The detector's own label when it gives one (e.g. `ai`, `mixed`, `human`)." }),
    sentences: z
      .array(
        z.object({
          text: z.string(),
          score: scoreSchema,
        }),
      )
      .meta({ description: "Per-sentence scores, where the detector gives them (0-100, the detector's own)." }),
    reason: z.string().nullable().meta({ description: 'Why it is unavailable, in words (null when ok).' }),
    cached: z.boolean().meta({ description: 'True when the answer came from the cache (same text, no new scan).' }),
  })
  .meta({ id: 'OutsideDetectorScore' });
export type OutsideScore = Infer<typeof outsideScore>;

export const aimResult = z
  .object({
    detector: z
      .enum(OUTSIDE_DETECTORS)
      .meta({ description: 'The outside detector the rewrite aimed at.', example: 'gptzero' }),
    name: z.string().meta({ description: "The detector's name as shown.", example: 'GPTZero' }),
    score: scoreSchema
      .nullable()
      .meta({ description: "That detector's score of the rewrite, 0-100 (null when it gave none; see `reason`)." }),
    calls: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'Texts it was asked to score for this rewrite (cached answers cost no scan).' }),
    reason: z.string().nullable().meta({ description: 'Why there is no score, in words (null when there is one).' }),
  })
  .meta({ id: 'AimResult' });
export type AimResult = Infer<typeof aimResult>;
