import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { countWords, type AiCheckOutput } from '@plainspoken/shared';
import { track } from '@/lib/analytics';
import { useSession } from '@/lib/auth';
import { useLimits } from '@/lib/subscription';
import { checkText } from '../api/check-text';
import { checkErrorProblem, checkWordLimit, precheck, type CheckProblem } from './check-rules';

export interface CheckResult {
  output: AiCheckOutput;
  /** The text exactly as it was checked: the sentence offsets point into it. */
  text: string;
}

/** The AI check flow: type or paste, check, see the score and the sentences that raised it. */
export function useAiCheck() {
  const { user, isSignedIn } = useSession();
  const limitsQuery = useLimits(user?.id ?? null);
  const limits = isSignedIn ? limitsQuery.data : undefined;
  const tier = limits?.subscriptionTier ?? 'FREE';
  const limit = checkWordLimit(isSignedIn, limits);

  const [text, setText] = useState('');
  const [result, setResult] = useState<CheckResult | null>(null);
  const [problem, setProblem] = useState<CheckProblem | null>(null);
  const mutation = useMutation({ mutationFn: checkText });
  const wordCount = countWords(text);
  const { mutateAsync, isPending } = mutation;

  const run = useCallback(async () => {
    if (isPending || !text.trim()) return;
    const words = countWords(text);
    const early = precheck({ words, limit, signedIn: isSignedIn, tier });
    if (early) {
      setProblem(early);
      return;
    }
    setProblem(null);
    const submitted = text;
    try {
      const output = await mutateAsync(submitted);
      setResult({ output, text: submitted });
      track('ai_check', { words, score: output.score, signed_in: isSignedIn });
    } catch (err) {
      setProblem(checkErrorProblem(err, { signedIn: isSignedIn, limit, tier }));
    }
  }, [isPending, text, limit, isSignedIn, tier, mutateAsync]);

  return {
    text,
    setText,
    wordCount,
    limit,
    tier,
    isSignedIn,
    overLimit: wordCount > limit,
    busy: isPending,
    result,
    problem,
    /** The box no longer holds the text the result shows. */
    stale: result !== null && result.text !== text,
    run,
  };
}
