import { ArrowUpRightIcon, InfoIcon } from 'lucide-react';
import { ENGINE_MSG, MIN_WORDS, SETUP_PATH, lightEditWriting, formatCount } from '@plainspoken/shared';
import { lazy, Suspense, useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Link } from '@/components/link';
import { DocumentDropZone, UploadButton, UploadProblem } from '@/components/documents/document-upload';
import { PasteButton } from '@/components/paste-button';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { useDocumentUpload } from '@/lib/documents/use-document-upload';
import { readHomeHandoff } from '@/lib/handoff';
import { cn } from '@/lib/utils';
import { notifyError } from '@/lib/toast';
import { fetchTransformation } from '../api/result-editing';
import { tierDisplayName } from '../lib/humanize-errors';
import { loadHumanizeRun, useHumanizer } from '../lib/use-humanizer';
import { useEngineState } from '../api/engine-state';
import { ModeToggle } from './mode-toggle';
import { KeepPhrases } from './keep-phrases';
import { WritingOptionsPicker } from './writing-options';
import { AimPicker } from './aim-picker';
import { WordCounter } from '@/components/word-counter';

// The progress, the result (diff, highlights, tooltips) and the rewrite's request code are not part of the
// home page's first load: their code loads once there is text to humanize, so it is there when the rewrite
// starts.
const loadResultPanel = () => import('./result-panel');
const loadProgress = () => import('./progress-indicator');
const ResultPanel = lazy(() => loadResultPanel().then((m) => ({ default: m.ResultPanel })));
const ProgressIndicator = lazy(() => loadProgress().then((m) => ({ default: m.ProgressIndicator })));

export function HumanizerCard() {
  const h = useHumanizer();
  const inputId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const showRight = h.result !== null || h.busy;
  const location = useLocation();
  const navigate = useNavigate();
  const { replaceText } = h;
  // A new file replaces the text and, with it, the old result.
  const upload = useDocumentUpload({ text: h.text, onText: replaceText, disabled: h.busy });
  const engine = useEngineState().data;
  // No model writes this mode: the card says so, and options only a model follows are off.
  const noModel = engine !== undefined && !engine.model[h.mode];

  const hasText = h.text.length > 0;
  useEffect(() => {
    if (!hasText && !h.busy) return;
    void loadProgress();
    void loadResultPanel();
    void loadHumanizeRun();
  }, [hasText, h.busy]);

  // A text handed over from another page (the AI check's "Humanize this text") fills the box; the user
  // still presses Humanize. The state is cleared so a reload or Back does not fill it again.
  useEffect(() => {
    const prefill = readHomeHandoff(location.state);
    if (prefill === null) return;
    replaceText(prefill);
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    );
    // After the route's own scroll-to-top; not cancelled by the re-run the navigation above causes.
    requestAnimationFrame(() => {
      inputRef.current?.scrollIntoView?.({ block: 'center' });
      inputRef.current?.focus({ preventScroll: true });
    });
  }, [location, navigate, replaceText]);

  // "Open in editor" from the history: /?open=<id> loads that entry (text, mode, options, frozen phrases).
  const [search, setSearch] = useSearchParams();
  const openId = search.get('open');
  const { reopen } = h;
  useEffect(() => {
    if (!openId) return;
    let live = true;
    fetchTransformation(openId)
      .then((d) => {
        if (live) reopen(d);
      })
      .catch(() =>
        notifyError({ title: 'Could not open this history entry', description: 'It may have been deleted.' }),
      )
      .finally(() => {
        if (live) setSearch({}, { replace: true });
      });
    return () => {
      live = false;
    };
  }, [openId, reopen, setSearch]);

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      if (!h.disabled) void h.run();
    }
  }

  const overCap = h.wordCount > h.cap;
  const overBalance = !h.busy && h.counterBalance !== undefined && h.wordCount > h.counterBalance && !overCap;

  return (
    <Card className="overflow-hidden shadow-lg! shadow-primary/5" data-testid="humanizer-card">
      <div className="flex flex-col gap-3 border-b bg-muted/30 p-3 sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <ModeToggle value={h.mode} onChange={h.setMode} disabled={h.busy} engine={engine} />
        <div className="flex items-center justify-between gap-2 sm:justify-end">
          {h.isSignedIn && h.balance !== undefined && (
            <span className="text-xs text-muted-foreground tabular-nums" data-testid="balance">
              {formatCount(h.balance)} words left · {tierDisplayName(h.tier)} plan
            </span>
          )}
          {h.tier !== 'Ultra' && (
            <Button asChild variant="outline" size="sm">
              <Link to={paths.pricing}>
                Upgrade
                <ArrowUpRightIcon aria-hidden="true" />
              </Link>
            </Button>
          )}
        </div>
      </div>

      {/* Until the engine state is known the note holds its place unseen (no model is the default install), so
          the card does not jump when the answer arrives. */}
      {(noModel || engine === undefined) && (
        <div
          className={cn('grid gap-2 border-b px-3 py-3 text-sm sm:px-5', !noModel && 'invisible')}
          aria-hidden={noModel ? undefined : true}
          data-testid={noModel ? 'engine-note' : undefined}
        >
          <p className="flex items-start gap-2 text-muted-foreground">
            <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{ENGINE_MSG.noModel}</span>
          </p>
          {engine?.admin && (
            <p
              className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
              data-testid="engine-admin-banner"
            >
              {ENGINE_MSG.adminBanner}{' '}
              <Link to={SETUP_PATH} className="font-medium underline underline-offset-2">
                {ENGINE_MSG.adminBannerLink}
              </Link>
            </p>
          )}
        </div>
      )}

      <div className="border-b px-3 py-3 sm:px-5">
        <WritingOptionsPicker
          value={noModel ? lightEditWriting(h.writing) : h.writing}
          onChange={h.setWriting}
          disabled={h.busy}
          noModel={noModel}
        />
        {/* Deep may aim at one outside detector the server has set up (decision 0040). */}
        {h.mode === 'deep' && engine?.outsideDetectors && engine.outsideDetectors.length > 0 && (
          <div className="mt-3">
            <AimPicker
              value={h.pickedAimAt}
              onChange={h.setAimAt}
              detectors={engine.outsideDetectors}
              noModel={!engine.model.deep}
              disabled={h.busy}
            />
          </div>
        )}
      </div>

      <div className={cn('grid gap-5 p-4 sm:p-5', showRight && 'lg:grid-cols-2')}>
        <div className="grid min-w-0 content-start gap-3">
          <div className="flex items-center justify-between gap-2">
            <label htmlFor={inputId} className="text-sm font-semibold">
              Your text
            </label>
            <UploadButton upload={upload} />
          </div>
          <DocumentDropZone upload={upload}>
            <Textarea
              ref={inputRef}
              id={inputId}
              value={h.text}
              onChange={(e) => h.setText(e.target.value)}
              onKeyDown={onKeyDown}
              placeholder="Paste the AI-generated text you want to rewrite (at least 50 words)…"
              className="min-h-64! resize-y leading-relaxed sm:min-h-72!"
              aria-describedby={`${inputId}-hint`}
              spellCheck
            />
            {h.text.length === 0 && !upload.reading && !upload.dragging && <PasteButton onText={h.setText} />}
          </DocumentDropZone>
          <UploadProblem upload={upload} />
          <KeepPhrases text={h.text} keep={h.keep} onChange={h.setKeep} inputRef={inputRef} disabled={h.busy} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="grid gap-0.5">
              <WordCounter count={h.wordCount} cap={h.cap} warn={h.warn} />
              <p id={`${inputId}-hint`} className="px-2 text-xs text-muted-foreground" aria-live="polite">
                {h.isSignedIn && !h.busy && h.balance !== undefined && h.balance < MIN_WORDS ? (
                  <span data-testid="balance-below-minimum">
                    {formatCount(h.balance)} words left: a rewrite needs at least {MIN_WORDS}.{' '}
                    <Link to={paths.pricing} className="font-medium text-foreground underline underline-offset-2">
                      Upgrade
                    </Link>
                  </span>
                ) : overCap ? (
                  `Over the ${formatCount(h.cap)}-word limit per request on the ${tierDisplayName(h.tier)} plan.`
                ) : overBalance ? (
                  'More words than your remaining balance this month.'
                ) : (
                  <span className="hidden sm:inline">Ctrl+Enter (⌘+Enter) to humanize</span>
                )}
              </p>
            </div>
            <Button
              size="lg"
              onClick={() => void h.run()}
              disabled={h.disabled}
              className="w-full tabular-nums sm:w-auto sm:min-w-44"
              data-testid="humanize-button"
            >
              {h.busy && <Spinner />}
              {h.label}
            </Button>
          </div>
          {h.busy && (
            <Suspense fallback={null}>
              <ProgressIndicator step={h.step} mode={h.mode} progress={h.progress} />
            </Suspense>
          )}
        </div>

        {showRight && (
          <div className="min-w-0 border-t pt-5 lg:border-t-0 lg:border-l lg:pt-0 lg:pl-5">
            {h.result ? (
              <div className={cn(h.busy && 'opacity-60 transition-opacity')}>
                <Suspense fallback={<ResultSkeleton />}>
                  <ResultPanel result={h.result} onUpdate={h.updateResult} />
                </Suspense>
              </div>
            ) : (
              <ResultSkeleton />
            )}
          </div>
        )}
      </div>
    </Card>
  );
}

function ResultSkeleton() {
  return (
    <div className="grid gap-3" aria-hidden="true">
      <div className="flex items-center justify-between">
        <div className="h-5 w-32 animate-pulse rounded bg-muted" />
        <div className="h-8 w-20 animate-pulse rounded bg-muted" />
      </div>
      <div className="grid gap-2 rounded-lg border p-3">
        {[100, 94, 97, 88, 92, 60].map((w, i) => (
          <div key={i} className="h-3.5 animate-pulse rounded bg-muted" style={{ width: `${w}%` }} />
        ))}
      </div>
      <div className="h-16 animate-pulse rounded-lg bg-muted" />
    </div>
  );
}
