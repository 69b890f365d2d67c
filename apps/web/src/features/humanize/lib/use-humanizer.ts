import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import {
  costLine,
  countWords,
  DEFAULT_WRITING,
  lightEditWriting,
  limitsFor,
  WRITING_MSG,
  MIN_WORDS,
  MSG,
  RATE_LIMITS,
  type HumanizeMode,
  type HumanizeOutput,
  type OutsideDetectorId,
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
import type { HumanizeProgress } from '../api/humanize-text';
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
import { EMPTY_DRAFT, getHomeDraft, startCooldown, updateHomeDraft, useHomeDraft } from './home-draft';

export type { HumanizeResult } from './home-draft';

/** The rewrite's request code, loaded on first use (see humanize-run.ts). */
export const loadHumanizeRun = () => import('./humanize-run');

const setMode = (m: HumanizeMode) => updateHomeDraft({ mode: m });
const setStep = (s: FlowStep) => updateHomeDraft({ step: s });
const setPicked = (o: WritingOptions | null) => updateHomeDraft({ picked: o });
const setPickedKeep = (k: string[] | null) => updateHomeDraft({ pickedKeep: k });
const setAimAt = (a: OutsideDetectorId | null) => updateHomeDraft({ aimAt: a });

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
    cost: costLine(d.words_charged),
    remaining_balance: 0,
    score_before: d.score_before,
    score_after: d.score_after,
    engine: d.engine === 'model' ? 'model' : 'local',
    outcome: d.transformed_text === d.original_text ? 'unchanged' : d.engine === 'model' ? 'model' : 'light-edit',
    summary: RESULT_MSG.reopened,
    language: 'en',
    sentences_after: [],
    ...(d.aim ? { aim: d.aim } : {}),
    // What the result said when it was made, in the same words (entries from before it was kept have none).
    notes: [d.summary, ...(d.notes ?? [])].filter((n): n is string => !!n),
    meaning: d.meaning,
    ...(d.alternative ? { alternative: d.alternative } : {}),
  };
}

/**
 * The detector a rewrite aims at: the one picked, in Deep with a model, while the server lists it as set up
 * (the server refuses any other). Null: our own detector.
 */
export function aimable(
  picked: OutsideDetectorId | null,
  mode: HumanizeMode,
  engine: { model: Record<HumanizeMode, boolean>; outsideDetectors?: OutsideDetectorId[] } | undefined,
): OutsideDetectorId | null {
  if (!picked || mode !== 'deep' || !engine?.model.deep) return null;
  return engine.outsideDetectors?.includes(picked) ? picked : null;
}

/** The humanize flow: idle → processing → result shown (spec section 4; one request, decision 0031). */
export function useHumanizer() {
  const qc = useQueryClient();
  const { user, isSignedIn, isPending: sessionPending } = useSession();
  const { openAuthDialog } = useAuthDialog();
  const limitsQuery = useLimits(user?.id ?? null);
  const limits = isSignedIn ? limitsQuery.data : undefined;

  // The draft, its options and the result live above the routes (home-draft.ts): kept for the tab session.
  const draft = useHomeDraft();
  const engine = useEngineState().data;
  const { text, mode, step, runs, progress, lastRunText, result, picked, pickedKeep, cooldown } = draft;
  // The detector Deep aims at (decision 0040), while the server still has it set up and a model writes Deep.
  const aimAt = aimable(draft.aimAt, mode, engine);
  // Another account's draft (signed out, or someone else signed in) is not shown: the card starts empty.
  const sessionKnown = !sessionPending;
  useEffect(() => {
    if (sessionKnown && draft.owner !== null && draft.owner !== (user?.id ?? null) && !isBusy(draft.step))
      updateHomeDraft((d) => ({ ...EMPTY_DRAFT, mode: d.mode }));
  }, [sessionKnown, draft.owner, draft.step, user?.id]);
  // Writing options: the user's saved ones until they pick others; every rewrite (and 'Humanize again') sends them.
  const saved = useSavedWriting(isSignedIn ? (user?.id ?? null) : null);
  const save = useSaveWriting(user?.id ?? null);
  const savedData = saved.data;
  const writing: WritingOptions = useMemo(
    () => picked ?? (savedData ? { tone: savedData.tone, readingLevel: savedData.readingLevel } : DEFAULT_WRITING),
    [picked, savedData],
  );
  // Frozen phrases ('Keep as written'): remembered per user like the writing options.
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
  // While a run is in flight its words are already off the cached balance: the text is measured against the
  // balance it started from, so the counter does not call it over the balance mid-run.
  const counterBalance = isBusy(step) && draft.balanceBefore !== null ? draft.balanceBefore : balance;
  const wordCount = countWords(text);

  const setText = useCallback((value: string) => {
    updateHomeDraft((d) => ({
      text: value,
      // Any edit starts a fresh series: the next run is a first run again.
      runs: 0,
      // An emptied box has nothing the old result belongs to.
      ...(value.trim() === '' && !isBusy(d.step) ? { result: null, lastRunText: null, step: 'idle' as const } : {}),
    }));
  }, []);

  /** A new text from a file: the previous result (and its Copy and Download) goes with the old text. */
  const replaceText = useCallback((value: string) => {
    updateHomeDraft((d) =>
      isBusy(d.step)
        ? { text: value, runs: 0 }
        : { text: value, runs: 0, result: null, lastRunText: null, step: 'idle' as const },
    );
  }, []);

  const run = useCallback(async () => {
    // The draft's own state, not this render's: a run started from another mount of the card counts.
    if (isBusy(getHomeDraft().step) || getHomeDraft().cooldown > 0 || !text.trim()) return;
    if (!isSignedIn || !user) {
      openAuthDialog('sign-up');
      return;
    }
    const words = countWords(text);
    if (words < MIN_WORDS) {
      notifyError(minWordsToast);
      return;
    }
    updateHomeDraft({ step: 'checking' });
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
        setStep(restStep);
        return;
      }
      if (limits && words > limits.currentBalance) {
        notifyError(insufficientToast(ctx));
        setStep(restStep);
        return;
      }
      updateHomeDraft({ balanceBefore: limits?.currentBalance ?? null });
      if (limits) deductLocally(qc, user.id, limits, words);

      setStep('processing');
      let output: HumanizeOutput;
      try {
        const { humanizeText, humanizeTextStreaming, newIdempotencyKey, withAutoWait } = await loadHumanizeRun();
        const input = {
          text: submitted,
          useSecondPrompt: secondPrompt,
          mode: submittedMode,
          // Without a model for this mode, options only a model follows are not sent (the server refuses them).
          tone: (engine && !engine.model[submittedMode] ? lightEditWriting(writing) : writing).tone,
          readingLevel: (engine && !engine.model[submittedMode] ? lightEditWriting(writing) : writing).readingLevel,
          keep,
          ...(aimAt ? { aimAt } : {}),
        };
        updateHomeDraft({ progress: null });
        const setProgress = (p: HumanizeProgress | null) => updateHomeDraft({ progress: p });
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
      // The server takes one rewrite per window, opened when it took this one (before its answer came): the
      // button counts the window down from the answer instead of sending a request that would be refused.
      startCooldown(Date.now() + RATE_LIMITS.humanizeMs);
      // 'Humanize again' keeps the better of the two on screen; both are saved in History.
      const shown = secondPrompt ? keepBetter(result, output, submitted) : { output, keptPrevious: false };
      updateHomeDraft((d) => ({
        result:
          shown.keptPrevious && result
            ? { ...result, output: shown.output }
            : { output, original: submitted, mode: submittedMode },
        owner: user.id,
        lastRunText: submitted,
        runs: d.runs + 1,
        step: 'done',
      }));
      setCachedBalance(qc, user.id, output.remaining_balance);
      void qc.invalidateQueries({ queryKey: [keyRoots.transformations] });
      track('humanize', { mode: submittedMode, words, engine: output.engine });
      // A free result (unchanged, a fallback light edit, a rewrite that does not score better) is not called
      // a success: its summary says what happened.
      if (output.saved && output.words_charged > 0) notifySuccess({ title: MSG.humanizeSuccess });
      else if (!output.saved) notifyWarning({ title: MSG.notSavedTitle, description: MSG.notSaved });
    } finally {
      updateHomeDraft((d) => ({ balanceBefore: null, ...(isBusy(d.step) ? { step: restStep } : {}) }));
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
    aimAt,
  ]);

  /** The result changed after the rewrite: edited in place, or a sentence replaced. */
  const updateResult = useCallback((output: HumanizeOutput, edited: boolean) => {
    updateHomeDraft(({ result: r }) => ({ result: r ? { ...r, output, edited: r.edited || edited } : r }));
  }, []);

  /** A history entry opened in the editor: its text, mode, options, frozen phrases and result. */
  const owner = user?.id ?? null;
  const reopen = useCallback(
    (d: TransformationDetail) => {
      const entryMode: HumanizeMode = d.mode === 'lightning' ? 'lightning' : 'deep';
      updateHomeDraft((cur) => ({
        text: d.original_text,
        runs: 0,
        mode: entryMode,
        ...(isTone(d.tone) && isReadingLevel(d.reading_level)
          ? { picked: { tone: d.tone, readingLevel: d.reading_level } }
          : { picked: cur.picked }),
        pickedKeep: d.keep,
        lastRunText: d.original_text,
        result: { output: outputOf(d), original: d.original_text, mode: entryMode, edited: d.edited_at !== null },
        owner,
        step: 'done',
      }));
    },
    [owner],
  );

  return {
    text,
    setText,
    replaceText,
    mode,
    setMode,
    writing,
    setWriting,
    keep,
    setKeep,
    /** The outside detector Deep aims at now (null: our own), and the one picked on the card. */
    aimAt,
    pickedAimAt: draft.aimAt,
    setAimAt,
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
    /** The balance the text is measured against: the one before the run while a run is in flight. */
    counterBalance,
    cooldown,
    isSignedIn,
    limitsLoading: isSignedIn && limitsQuery.isPending,
    warn: counterWarning(wordCount, cap, counterBalance),
    label: humanizeButtonLabel({ step, text, lastRunText, runs, cooldown }),
    disabled: isHumanizeDisabled({ text, step, wordCount, cap, balance: counterBalance, cooldown }),
    run,
  };
}
