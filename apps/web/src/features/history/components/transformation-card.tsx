import {
  CalendarIcon,
  FeatherIcon,
  SparklesIcon,
  ChevronDownIcon,
  ChevronUpIcon,
  CopyIcon,
  CrosshairIcon,
  FileDiffIcon,
  FolderOpenIcon,
  PencilIcon,
  Trash2Icon,
} from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from '@/components/link';
import { aimLine, costLine, MSG, RESULT_MSG, type TransformationItem } from '@plainspoken/shared';
import { Badge } from '@/components/ui/badge';
import { ModelVersionPanel } from '@/components/result/model-version-panel';
import { DownloadMenu } from '@/components/documents/download-menu';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { server } from '@/lib/api';
import { displayScore } from '@/lib/score';
import { notifyError, notifySuccess } from '@/lib/toast';
import { cn, copyText } from '@/lib/utils';
import { formatHistoryDate, formatHistoryTime } from '../lib/format-date';
import { compactPreviews } from '../lib/preview';

const MODE_LABEL: Record<string, string> = { deep: 'Deep Humanize', lightning: 'Lightning' };

/**
 * One history entry. Compact (the default): two clamped lines of the original and of the result, opened in
 * place with "Show full text"; full: both texts whole (each in its own scroll box past 15 rem).
 */
export function TransformationCard({
  item,
  onDelete,
  view = 'full',
}: {
  item: TransformationItem;
  onDelete: (id: string) => void;
  view?: 'compact' | 'full';
}) {
  const [open, setOpen] = useState(false);
  const textsId = useId();
  const clamped = view === 'compact' && !open;
  const before = displayScore(item.score_before);
  const after = displayScore(item.score_after);
  // A result that does not score lower than its text is not shown as a success (it cost nothing).
  const notBetter = before !== null && after !== null && after >= before && !item.edited_at;
  const previews = compactPreviews(item.original_text, item.transformed_text);
  // What the rewrite did, as its result said: a full rewrite, a light edit, or the text left as it was.
  const unchanged = item.transformed_text === item.original_text && !item.edited_at;
  const engineLabel = unchanged
    ? 'No changes'
    : item.engine === 'model'
      ? 'Full rewrite'
      : item.engine === 'local'
        ? 'Light edit'
        : null;
  const fullRewrite = engineLabel === 'Full rewrite';
  const happened = [item.summary, ...(item.notes ?? [])].filter((n): n is string => !!n);

  async function onCopy() {
    try {
      await copyText(item.transformed_text);
      notifySuccess({ title: MSG.copied, description: MSG.resultCopied });
    } catch {
      notifyError({ title: MSG.copyFailed, description: 'Select the text and copy it with Ctrl+C.' });
    }
  }

  const deleteButton = (
    <Button
      variant="ghost"
      size="sm"
      className="text-muted-foreground hover:text-destructive"
      onClick={() => onDelete(item.id)}
      aria-label={`Delete the entry of ${formatHistoryDate(item.created_at)}, ${formatHistoryTime(item.created_at)}`}
    >
      <Trash2Icon aria-hidden="true" />
      Delete
    </Button>
  );

  return (
    <Card data-testid="history-card" data-view={view}>
      <CardHeader
        className={cn(
          'flex-row! flex-wrap items-center justify-between gap-3!',
          view === 'compact' ? 'p-4! pb-3!' : 'pb-4',
        )}
      >
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2">
          <time dateTime={item.created_at} className="inline-flex items-center gap-2 text-sm font-medium">
            <CalendarIcon className="size-4 text-muted-foreground" aria-hidden="true" />
            {formatHistoryDate(item.created_at)}
            <span className="text-muted-foreground">· {formatHistoryTime(item.created_at)}</span>
          </time>
          <Badge variant="accent" data-testid="history-mode">
            {MODE_LABEL[item.mode] ?? item.mode}
          </Badge>
          {engineLabel && (
            <Badge
              variant={fullRewrite ? 'accent' : 'secondary'}
              data-testid="history-engine"
              title={item.summary ?? undefined}
            >
              {fullRewrite ? <SparklesIcon aria-hidden="true" /> : <FeatherIcon aria-hidden="true" />}
              {engineLabel}
            </Badge>
          )}
          {/* What the entry cost, as the ledger charged it (never the text's length). */}
          <Badge variant="outline" data-testid="history-words" title="Words charged for this entry">
            {costLine(item.words_charged)}
          </Badge>
          {before !== null && after !== null && (
            <Badge
              variant={notBetter ? 'warning' : 'outline'}
              data-testid="history-score"
              data-not-better={notBetter || undefined}
              title={
                notBetter
                  ? 'The result does not read as more human-written than the text (built-in detector)'
                  : "The built-in detector's AI-likeness before and after"
              }
            >
              <span className="sr-only">AI-likeness </span>
              {before}% → <span className="font-semibold text-foreground">{after}%</span>
              {notBetter && <span> · not lower</span>}
            </Badge>
          )}
          {item.aim && (
            <Badge
              variant="outline"
              data-testid="history-aim"
              title="The outside detector this Deep rewrite aimed at, and its score of the rewrite as written"
            >
              <CrosshairIcon aria-hidden="true" />
              {aimLine(item.aim)}
            </Badge>
          )}
          {item.edited_at && (
            <Badge variant="outline" data-testid="history-edited" title={`Edited ${formatHistoryDate(item.edited_at)}`}>
              <PencilIcon aria-hidden="true" />
              {RESULT_MSG.editedMark}
            </Badge>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={`/?open=${encodeURIComponent(item.id)}`} data-testid="history-open">
              <FolderOpenIcon aria-hidden="true" />
              Open in editor
            </Link>
          </Button>
          {/* The downloads are the entry's details: a compact entry shows them once opened. */}
          {!clamped && <DownloadMenu text={item.transformed_text} />}
          {!clamped && (
            <Button asChild variant="outline" size="sm">
              <a
                href={server.api.transformations[':id']['export.docx'].$path({
                  param: { id: item.id },
                  query: { changes: 'tracked' },
                })}
                download
                data-testid="history-download-tracked"
              >
                <FileDiffIcon aria-hidden="true" />
                {RESULT_MSG.trackedDownload}
              </a>
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={onCopy}>
            <CopyIcon aria-hidden="true" />
            Copy Result
          </Button>
          {view === 'full' && deleteButton}
        </div>
      </CardHeader>
      <CardContent className={cn('grid', view === 'compact' ? 'gap-1 px-4! pb-2!' : 'gap-4')}>
        <div
          id={textsId}
          className={cn('grid md:grid-cols-2', clamped ? 'gap-3' : 'gap-4')}
          data-testid="history-texts"
          data-clamped={clamped || undefined}
        >
          {/* On a phone a compact entry shows its result only; the original shows once it is opened. */}
          <div className={cn('min-w-0 content-start gap-2', clamped ? 'hidden md:grid' : 'grid')}>
            <h2 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Original Text</h2>
            <p
              className={cn(
                'rounded-lg bg-muted/50 text-sm leading-relaxed whitespace-pre-wrap text-muted-foreground',
                clamped ? 'px-3 py-2' : 'max-h-60 overflow-y-auto p-3',
              )}
              data-testid="history-original"
            >
              {/* Clamped inside the padding, so no part of a third line shows in it. */}
              <span className={clamped ? 'line-clamp-2' : undefined}>
                {clamped ? previews.original : item.original_text}
              </span>
            </p>
          </div>
          <div className="grid min-w-0 content-start gap-2">
            <h2 className="text-xs font-semibold tracking-wide text-primary uppercase">Humanized Result</h2>
            <p
              className={cn(
                'rounded-lg border bg-card text-sm leading-relaxed whitespace-pre-wrap',
                clamped ? 'px-3 py-2' : 'max-h-60 overflow-y-auto p-3',
              )}
              data-testid="history-result"
            >
              {/* Clamped inside the padding, so no part of a third line shows in it. */}
              <span className={clamped ? 'line-clamp-2' : undefined}>
                {clamped ? previews.result : item.transformed_text}
              </span>
            </p>
          </div>
        </div>
        {!clamped && happened.length > 0 && (
          <ul
            className="mt-2 grid gap-1 border-t pt-3 text-sm text-pretty text-muted-foreground"
            data-testid="history-notes"
            aria-label="What happened"
          >
            {happened.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        )}
        {/* The model's rewrite not used (decision 0059), as the result showed it: free to look at and copy. */}
        {!clamped && item.alternative && <ModelVersionPanel alternative={item.alternative} />}
        {view === 'compact' && (
          <div className="flex items-center justify-between gap-2">
            <Button
              variant="ghost"
              size="sm"
              className="-ml-2 text-muted-foreground"
              aria-expanded={open}
              aria-controls={textsId}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? <ChevronUpIcon aria-hidden="true" /> : <ChevronDownIcon aria-hidden="true" />}
              {open ? 'Show less' : 'Show full text'}
            </Button>
            {deleteButton}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
