import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  countWords,
  DEFAULT_WRITING,
  lightEditWriting,
  limitsFor,
  WRITING_MSG,
  MIN_WORDS,
  MSG,
  type HumanizeMode,
  type HumanizeOutput,
  type WritingOptions,
  READING_LEVELS,
  RESULT_MSG,
  WRITING_TONES,
  type TransformationDetail,
} from '@plainspoken/shared';
import { track } from '@/lib/analytics';
import { useSession } from '@/lib/auth';
import { useAuthDialog } from '@/lib/auth-dialog';
import { keyRoots } from '@/lib/query-keys';
import { applyLimits, setCachedBalance, subscriptionKeys, useLimits } from '@/lib/subscription';
import { dismissErrorToasts, notifyError, notifySuccess, notifyWarning } from '@/lib/toast';
import { withAutoWait } from './auto-wait';
import { humanizeText, humanizeTextStreaming, newIdempotencyKey, type HumanizeProgress } from '../api/humanize-text';
import { deductLocally } from '../api/limits';
import { useSavedWriting, useSaveWriting } from '../api/writing-options';
import { useEngineState } from '../api/engine-state';
import {
  flowContext,
  humanizeErrorToast,
  insufficientToast,
  limitExceededToast,
  minWordsToast,
  refusedLimits,
  type FlowContext,
} from './humanize-errors';
import {
  counterWarning,
  humanizeButtonLabel,
  isBusy,
  isHumanizeDisabled,
  secondPromptFor,
  type FlowStep,
} from './humanize-rules';
import { keepBetter } from './keep-better';

export interface HumanizeResult {
  output: HumanizeOutput;
  original: string;
  mode: HumanizeMode;
  /** The user edited the result in place (or picked a sentence alternative). */
  edited?: boolean;
}

const isTone = (t: string | null): t is WritingOptions['tone'] =>
  (WRITING_TONES as readonly string[]).includes(t ?? '');
const isReadingLevel = (l: string | null): l is WritingOptions['readingLevel'] =>
  (READING_LEVELS as readonly string[]).includes(l ?? '');

/** A saved entry shown as a result (no sentence scores until it is checked again). */
function outputOf(d: TransformationDetail): HumanizeOutput {
  return {
    humanized_text: d.transformed_text,
    transformation_id: d.id,
    saved: true,
    words_charged: d.words_charged,
    remaining_balance: 0,
    score_before: d.score_before,
    score_after: d.score_after,
    engine: 'local',
    outcome: d.transformed_text === d.original_text ? 'unchanged' : 'light-edit',
    summary: RESULT_MSG.reopened,
    language: 'en',
    sentences_after: [],
    notes: [],
  };
}

/** The humanize flow: idle → processing → result shown (spec section 4; one request, decision 0031). */
export function useHumanizer() {
  const qc = useQueryClient();
  const { user, isSignedIn } = useSession();
  const { openAuthDialog } = useAuthDialog();
  const limitsQuery = useLimits(user?.id ?? null);
  const limits = isSignedIn ? limitsQuery.data : undefined;

  const [text, setTextState] = useState('');
  const [mode, setMode] = useState<HumanizeMode>('deep');
  const [step, setStep] = useState<FlowStep>('idle');
  const [runs, setRuns] = useState(0);
  const [progress, setProgress] = useState<HumanizeProgress | null>(null);
  const [lastRunText, setLastRunText] = useState<string | null>(null);
  const [result, setResult] = useState<HumanizeResult | null>(null);
  const running = useRef(false);
  // Writing options: the user's saved ones until they pick others; every rewrite (and 'Humanize again') sends them.
  const engine = useEngineState().data;
  const saved = useSavedWriting(isSignedIn ? (user?.id ?? null) : null);
  const save = useSaveWriting(user?.id ?? null);
  const [picked, setPicked] = useState<WritingOptions | null>(null);
  const savedData = saved.data;
  const writing: WritingOptions = useMemo(
    () => picked ?? (savedData ? { tone: savedData.tone, readingLevel: savedData.readingLevel } : DEFAULT_WRITING),
    [picked, savedData],
  );
  // Frozen phrases ('Keep as written'): remembered per user like the writing options.
  const [pickedKeep, setPickedKeep] = useState<string[] | null>(null);
  const keep: string[] = useMemo(() => pickedKeep ?? savedData?.keep ?? [], [pickedKeep, savedData]);
  const setKeep = useCallback(
    (next: string[]) => {
      setPickedKeep(next);
      if (isSignedIn)
        save.mutate({ ...writing, keep: next }, { onError: () => notifyWarning({ title: WRITING_MSG.saveFailed }) });
    },
    [isSignedIn, save, writing],
  );
  // A choice made before the session is known is saved once it is (not lost).
  const unsaved = useRef(false);
  useEffect(() => {
    if (!isSignedIn || !unsaved.current || !picked) return;
    unsaved.current = false;
    save.mutate(picked, { onError: () => notifyWarning({ title: WRITING_MSG.saveFailed }) });
  }, [isSignedIn, picked, save]);
  const setWriting = useCallback(
    (o: WritingOptions) => {
      setPicked(o);
      unsaved.current = !isSignedIn;
      if (isSignedIn) save.mutate(o, { onError: () => notifyWarning({ title: WRITING_MSG.saveFailed }) });
    },
    [isSignedIn, save],
  );

  const tier = limits?.subscriptionTier ?? 'FREE';
  const cap = limits?.requestLimit ?? limitsFor(tier).requestCap;
  const balance = limits?.currentBalance;
  const wordCount = countWords(text);

  const setText = useCallback((value: string) => {
    setTextState(value);
    // Any edit starts a fresh series: the next run is a first run again.
    setRuns(0);
  }, []);

  const run = useCallback(async () => {
    if (running.current || !text.trim()) return;
    if (!isSignedIn || !user) {
      openAuthDialog('sign-up');
      return;
    }
    const words = countWords(text);
    if (words < MIN_WORDS) {
      notifyError(minWordsToast);
      return;
    }
    running.current = true;
    dismissErrorToasts();
    const restStep: FlowStep = result ? 'done' : 'idle';
    const ctx: FlowContext = { wordCount: words, cap, tier, balance: balance ?? 0 };
    const submitted = text;
    const submittedMode = mode;
    const secondPrompt = secondPromptFor(runs);
    try {
      // One request per click (decision 0031): the cached plan gates the click here, and the rewrite itself
      // checks the cap and the balance before any work, answering 400/402 with the limits when they stop it.
      if (limits && words > limits.requestLimit) {
        notifyError(limitExceededToast(ctx));
        return;
      }
      if (limits && words > limits.currentBalance) {
        notifyError(insufficientToast(ctx));
        return;
      }
      if (limits) deductLocally(qc, user.id, limits, words);

      setStep('processing');
      let output: HumanizeOutput;
      try {
        const input = {
          text: submitted,
          useSecondPrompt: secondPrompt,
          mode: submittedMode,
          // Without a model for this mode, options only a model follows are not sent (the server refuses them).
          tone: (engine && !engine.model[submittedMode] ? lightEditWriting(writing) : writing).tone,
          readingLevel: (engine && !engine.model[submittedMode] ? lightEditWriting(writing) : writing).readingLevel,
          keep,
        };
        setProgress(null);
        // One key for this click, sent by every attempt: a retry is never charged twice.
        const key = newIdempotencyKey();
        // Deep takes long enough for the engine's own stages to be worth showing.
        output = await withAutoWait(() =>
          submittedMode === 'deep' ? humanizeTextStreaming(input, setProgress, key) : humanizeText(input, key),
        );
      } catch (err) {
        // A refusal for the cap or the balance carries the caller's limits: the counter shows them at once.
        const refused = refusedLimits(err);
        notifyError(humanizeErrorToast(err, refused ? flowContext(words, refused) : ctx));
        if (refused) {
          applyLimits(qc, user.id, refused);
          setStep(restStep);
          return;
        }
        // The server refunds a failed rewrite; show its number again rather than the local deduction.
        void qc.invalidateQueries({ queryKey: subscriptionKeys.all });
        setStep(restStep);
        return;
      }
      // 'Humanize again' keeps the better of the two on screen; both are saved in History.
      const shown = secondPrompt ? keepBetter(result, output, submitted) : { output, keptPrevious: false };
      setResult(
        shown.keptPrevious && result
          ? { ...result, output: shown.output }
          : { output, original: submitted, mode: submittedMode },
      );
      setLastRunText(submitted);
      setRuns((r) => r + 1);
      setStep('done');
      setCachedBalance(qc, user.id, output.remaining_balance);
      void qc.invalidateQueries({ queryKey: [keyRoots.transformations] });
      track('humanize', { mode: submittedMode, words, engine: output.engine });
      // A free result (unchanged, a fallback light edit, a rewrite that does not score better) is not called
      // a success: its summary says what happened.
      if (output.saved && output.words_charged > 0) notifySuccess({ title: MSG.humanizeSuccess });
      else if (!output.saved) notifyWarning({ title: MSG.notSavedTitle, description: MSG.notSaved });
    } finally {
      running.current = false;
    }
  }, [
    text,
    isSignedIn,
    user,
    openAuthDialog,
    result,
    cap,
    tier,
    balance,
    mode,
    runs,
    qc,
    writing,
    keep,
    limits,
    engine,
  ]);

  /** The result changed after the rewrite: edited in place, or a sentence replaced. */
  const updateResult = useCallback((output: HumanizeOutput, edited: boolean) => {
    setResult((r) => (r ? { ...r, output, edited: r.edited || edited } : r));
  }, []);

  /** A history entry opened in the editor: its text, mode, options, frozen phrases and result. */
  const reopen = useCallback((d: TransformationDetail) => {
    setTextState(d.original_text);
    setRuns(0);
    setMode(d.mode === 'lightning' ? 'lightning' : 'deep');
    if (isTone(d.tone) && isReadingLevel(d.reading_level)) setPicked({ tone: d.tone, readingLevel: d.reading_level });
    setPickedKeep(d.keep);
    setLastRunText(d.original_text);
    setResult({
      output: outputOf(d),
      original: d.original_text,
      mode: d.mode === 'lightning' ? 'lightning' : 'deep',
      edited: d.edited_at !== null,
    });
    setStep('done');
  }, []);

  return {
    text,
    setText,
    mode,
    setMode,
    writing,
    setWriting,
    keep,
    setKeep,
    updateResult,
    reopen,
    step,
    progress,
    busy: isBusy(step),
    runs,
    result,
    wordCount,
    cap,
    tier,
    balance,
    isSignedIn,
    limitsLoading: isSignedIn && limitsQuery.isPending,
    warn: counterWarning(wordCount, cap, balance),
    label: humanizeButtonLabel({ step, text, lastRunText, runs }),
    disabled: isHumanizeDisabled({ text, step, wordCount, cap, balance }),
    run,
  };
}
