/**
 * The one door to @plainspoken/detector. It is imported statically, so the server bundle contains it and a
 * detector that cannot load fails loudly at start instead of being replaced by anything else.
 */
export {
  detect,
  detectScore,
  detectorVersion,
  loadDetector,
  scoreFamilies,
  splitSentences,
  FAMILY_NAMES,
} from '@plainspoken/detector';
export type { Detection, SentenceScore } from '@plainspoken/detector';
import { FAMILY_NAMES } from '@plainspoken/detector';

export function familyNames(): readonly string[] {
  return FAMILY_NAMES;
}
