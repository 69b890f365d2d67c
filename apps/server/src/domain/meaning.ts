import { meaningReport } from '@plainspoken/humanizer/meaning';
import type { MeaningCheck, PutBackSentence, SecondReading } from '@plainspoken/shared';

/**
 * The meaning report of a result, read from the user's text and the result itself (so it is true for that result,
 * whatever wrote it, and History reads the same report again from the two texts it keeps). The engine's report
 * and the shared contract are one shape: the assignment is the type check.
 */
export function meaningOf(
  original: string,
  result: string,
  putBack: readonly PutBackSentence[] = [],
  secondReading?: SecondReading | null,
): MeaningCheck {
  return meaningReport(original, result, putBack, secondReading);
}
