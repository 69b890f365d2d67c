import { withReason, type ModelVersion, type StoredAlternative } from '@plainspoken/shared';
import { meaningOf } from './meaning';

/**
 * The model's version not used (decision 0059) as an answer shows it, from what the history entry keeps: the
 * kept values, the reason in words and its meaning report, read from the user's text and that version.
 */
export function modelVersion(original: string, a: StoredAlternative): ModelVersion {
  return { ...withReason(a), meaning: meaningOf(original, a.text) };
}
