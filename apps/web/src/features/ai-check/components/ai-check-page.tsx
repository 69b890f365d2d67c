import { LogInIcon, ScanSearchIcon, TriangleAlertIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { AI_CHECK, PRODUCT_NAME } from '@plainspoken/shared';
import { DocumentDropZone, UploadButton, UploadProblem } from '@/components/documents/document-upload';
import { PasteButton } from '@/components/paste-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { WordCounter } from '@/components/word-counter';
import { track } from '@/lib/analytics';
import { useAuthDialog } from '@/lib/auth-dialog';
import { useDocumentUpload } from '@/lib/documents/use-document-upload';
import { overLimitProblem } from '../lib/check-rules';
import { useAiCheck } from '../lib/use-ai-check';

// The result (score bars, highlights, their tooltips) is not part of the page's first load: its code loads
// once there is text to check, so it is there when the check answers.
const loadCheckResult = () => import('./check-result');
const CheckResultCard = lazy(() => loadCheckResult().then((m) => ({ default: m.CheckResultCard })));

export function AiCheckPage() {
  const c = useAiCheck();
  const upload = useDocumentUpload({ text: c.text, onText: c.setText, disabled: c.busy });
  const { openAuthDialog } = useAuthDialog();
  const inputId = useId();
  const resultRef = useRef<HTMLDivElement>(null);
  const shown = c.result;

  useEffect(() => track('view_ai_check'), []);

  const hasText = c.text.trim().length > 0;
  useEffect(() => {
    if (hasText) void loadCheckResult();
  }, [hasText]);

  // A new result is announced and brought into view (on a phone it sits below the box).
  useEffect(() => {
    if (!shown) return;
    const el = resultRef.current;
    if (!el) return;
    el.focus({ preventScroll: true });
    if (el.getBoundingClientRect().top > window.innerHeight * 0.6)
      el.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [shown]);

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      if (!c.busy && !c.overLimit) void c.run();
    }
  }

  // Over the limit is said before anyone presses the button; a problem from the last check comes after.
  const limitNote = c.overLimit ? overLimitProblem(c.isSignedIn, c.limit, c.tier) : null;
  const problem = limitNote ?? c.problem;

  return (
    <div className="mx-auto w-full max-w-6xl px-3 pt-10 pb-16 sm:px-6 sm:pt-14">
      <div className="mx-auto max-w-2xl px-1 text-center">
        <Badge variant="accent" className="mb-4">
          <ScanSearchIcon aria-hidden="true" />
          Free · uses none of your words
        </Badge>
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">AI check</h1>
        <p className="mt-3 text-pretty text-muted-foreground">
          See how machine-written your text reads, sentence by sentence, and why. The score is {PRODUCT_NAME}'s own
          estimate, not another detector's verdict.
        </p>
      </div>

      <Card className="mt-8 overflow-hidden shadow-lg! shadow-primary/5 sm:mt-10" data-testid="ai-check-card">
        <div className="grid gap-3 p-4 sm:p-5">
          <div className="flex items-center justify-between gap-2">
            <label htmlFor={inputId} className="text-sm font-semibold">
              Text to check
            </label>
            <UploadButton upload={upload} />
          </div>
          <DocumentDropZone upload={upload}>
            <Textarea
              id={inputId}
              value={c.text}
              onChange={(e) => c.setText(e.target.value)}
              onKeyDown={onKeyDown}
              placeholder={`Paste the text you want to check (at least ${AI_CHECK.minWords} words)…`}
              className="min-h-56! resize-y leading-relaxed sm:min-h-64!"
              aria-describedby={`${inputId}-hint`}
              aria-invalid={c.overLimit || undefined}
              spellCheck
            />
            {c.text.length === 0 && !upload.reading && !upload.dragging && <PasteButton onText={c.setText} />}
          </DocumentDropZone>
          <UploadProblem upload={upload} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="grid gap-0.5">
              <WordCounter count={c.wordCount} cap={c.limit} warn={c.wordCount > 0 && c.wordCount >= c.limit * 0.9} />
              <p id={`${inputId}-hint`} className="px-2 text-xs text-muted-foreground">
                {c.isSignedIn
                  ? 'Checking is free and uses none of your words.'
                  : `Up to ${AI_CHECK.anonymousWords} words without an account.`}
                <span className="hidden sm:inline"> Ctrl+Enter (⌘+Enter) to check.</span>
              </p>
            </div>
            <Button
              size="lg"
              onClick={() => void c.run()}
              disabled={!c.text.trim() || c.busy || c.overLimit}
              className="w-full sm:w-auto"
            >
              {c.busy ? <Spinner /> : <ScanSearchIcon aria-hidden="true" />}
              {c.busy ? 'Checking...' : 'Check text'}
            </Button>
          </div>
          <div aria-live="polite">
            {problem && (
              <div
                role="alert"
                className="flex flex-col gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
                data-testid="ai-check-error"
              >
                <p className="flex items-start gap-2">
                  <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
                  <span>{problem.message}</span>
                </p>
                {problem.signIn && (
                  <Button
                    size="sm"
                    variant="outline"
                    className="self-start sm:self-auto"
                    onClick={() => openAuthDialog('sign-in')}
                  >
                    <LogInIcon aria-hidden="true" />
                    Sign in
                  </Button>
                )}
              </div>
            )}
          </div>
        </div>
      </Card>

      <div className="mt-6">
        {c.busy ? (
          <CheckSkeleton />
        ) : shown ? (
          <div ref={resultRef} tabIndex={-1} className="rounded-xl outline-none" aria-label="AI check result">
            <Suspense fallback={<CheckSkeleton />}>
              <CheckResultCard result={shown} currentText={c.text} stale={c.stale} onRecheck={() => void c.run()} />
            </Suspense>
          </div>
        ) : null}
      </div>
    </div>
  );
}

function CheckSkeleton() {
  return (
    <Card className="overflow-hidden" role="status" aria-label="Checking your text" data-testid="ai-check-skeleton">
      <div className="flex flex-col gap-4 border-b bg-muted/30 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <div className="grid w-full max-w-sm gap-2">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-9 w-24" />
          <Skeleton className="h-2.5 w-full" />
        </div>
        <Skeleton className="h-12 w-48" />
      </div>
      <div className="grid gap-5 p-4 sm:p-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-2 rounded-lg border p-3">
          {[100, 94, 97, 88, 92, 70, 96, 60].map((w, i) => (
            <Skeleton key={i} className="h-3.5" style={{ width: `${w}%` }} />
          ))}
        </div>
        <div className="grid content-start gap-3">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      </div>
    </Card>
  );
}
