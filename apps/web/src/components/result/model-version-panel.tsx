import { useEffect, useState } from 'react';
import { CheckIcon, CircleAlertIcon, CopyIcon, ShieldCheckIcon, SparklesIcon } from 'lucide-react';
import { ALTERNATIVE_MSG, MSG, type ModelVersion } from '@plainspoken/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { notifyError, notifySuccess } from '@/lib/toast';
import { copyText } from '@/lib/utils';

/**
 * The model's rewrite that was not used because it did not score lower than what was delivered (decision 0059),
 * folded under a result: its score, why it was not used, what its meaning check found, and Copy. Free: it is
 * never charged. A native disclosure, so it opens with Enter or Space and reads as one to a screen reader.
 */
export function ModelVersionPanel({
  alternative,
  className,
}: {
  /** With its meaning report where the result has one (History's list keeps none). */
  alternative: Pick<ModelVersion, 'text' | 'score' | 'reason'> & Partial<Pick<ModelVersion, 'meaning'>>;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(id);
  }, [copied]);

  async function onCopy() {
    try {
      await copyText(alternative.text);
      setCopied(true);
      notifySuccess({ title: ALTERNATIVE_MSG.copied });
    } catch {
      notifyError({ title: MSG.copyFailed, description: 'Select the text and copy it with Ctrl+C.' });
    }
  }

  return (
    <details
      className={`group rounded-lg border border-dashed bg-card px-3 py-2 text-sm ${className ?? ''}`}
      data-testid="model-version"
    >
      <summary
        className="flex cursor-pointer list-none flex-wrap items-center gap-2 rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden"
        data-testid="model-version-summary"
      >
        <SparklesIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <span className="font-medium">{ALTERNATIVE_MSG.title}</span>
        <Badge variant="outline" data-testid="model-version-score">
          {ALTERNATIVE_MSG.scoreLabel(alternative.score)}
        </Badge>
        <span className="text-muted-foreground group-open:hidden">(show)</span>
      </summary>
      <div className="mt-2 grid gap-2">
        <p className="text-pretty text-muted-foreground" data-testid="model-version-reason">
          {alternative.reason} {ALTERNATIVE_MSG.free}
        </p>
        {alternative.meaning && (
          <p className="flex items-start gap-1.5 text-pretty" data-testid="model-version-meaning">
            {alternative.meaning.facts.some((f) => !f.kept) ? (
              <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
            ) : (
              <ShieldCheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            )}
            <span>
              <span className="font-medium">Meaning check of this version: </span>
              {alternative.meaning.summary}
            </span>
          </p>
        )}
        <p
          className="max-h-60 overflow-y-auto rounded-md border bg-background px-3 py-2 leading-relaxed whitespace-pre-wrap wrap-break-word"
          data-testid="model-version-text"
        >
          {alternative.text}
        </p>
        <div className="flex justify-end">
          <Button
            size="sm"
            variant="outline"
            onClick={() => void onCopy()}
            aria-label={copied ? 'Copied!' : "Copy the model's version"}
            data-testid="model-version-copy"
          >
            {copied ? <CheckIcon className="text-success" /> : <CopyIcon />}
            {copied ? 'Copied!' : ALTERNATIVE_MSG.copy}
          </Button>
        </div>
      </div>
    </details>
  );
}
