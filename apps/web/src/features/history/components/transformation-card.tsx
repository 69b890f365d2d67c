import { CalendarIcon, CopyIcon, FileDiffIcon, FolderOpenIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { Link } from 'react-router';
import { countWords, MSG, RESULT_MSG, type TransformationItem } from '@plainspoken/shared';
import { Badge } from '@/components/ui/badge';
import { DownloadMenu } from '@/components/documents/download-menu';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { server } from '@/lib/api';
import { displayScore } from '@/lib/score';
import { notifyError, notifySuccess } from '@/lib/toast';
import { copyText } from '@/lib/utils';
import { formatHistoryDate, formatHistoryTime } from '../lib/format-date';

const MODE_LABEL: Record<string, string> = { deep: 'Deep Humanize', lightning: 'Lightning' };

export function TransformationCard({ item, onDelete }: { item: TransformationItem; onDelete: (id: string) => void }) {
  const words = countWords(item.original_text);
  const before = displayScore(item.score_before);
  const after = displayScore(item.score_after);

  async function onCopy() {
    try {
      await copyText(item.transformed_text);
      notifySuccess({ title: MSG.copied, description: MSG.resultCopied });
    } catch {
      notifyError({ title: MSG.copyFailed, description: 'Select the text and copy it with Ctrl+C.' });
    }
  }

  return (
    <Card data-testid="history-card">
      <CardHeader className="flex-row! flex-wrap items-center justify-between gap-3! pb-4">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2">
          <time dateTime={item.created_at} className="inline-flex items-center gap-2 text-sm font-medium">
            <CalendarIcon className="size-4 text-muted-foreground" aria-hidden="true" />
            {formatHistoryDate(item.created_at)}
            <span className="text-muted-foreground">· {formatHistoryTime(item.created_at)}</span>
          </time>
          <Badge variant="accent" data-testid="history-mode">
            {MODE_LABEL[item.mode] ?? item.mode}
          </Badge>
          <Badge variant="outline" data-testid="history-words">
            {words.toLocaleString('en-US')} {words === 1 ? 'word' : 'words'}
          </Badge>
          {before !== null && after !== null && (
            <Badge
              variant="outline"
              data-testid="history-score"
              title="The built-in detector's AI-likeness before and after"
            >
              <span className="sr-only">AI-likeness </span>
              {before}% → <span className="font-semibold text-foreground">{after}%</span>
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
          <DownloadMenu text={item.transformed_text} />
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
          <Button variant="outline" size="sm" onClick={onCopy}>
            <CopyIcon aria-hidden="true" />
            Copy Result
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-muted-foreground hover:text-destructive"
            onClick={() => onDelete(item.id)}
            aria-label={`Delete the entry of ${formatHistoryDate(item.created_at)}, ${formatHistoryTime(item.created_at)}`}
          >
            <Trash2Icon aria-hidden="true" />
            <span className="max-sm:sr-only">Delete</span>
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-2">
        <div className="grid min-w-0 content-start gap-2">
          <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Original Text</h3>
          <p className="max-h-60 overflow-y-auto rounded-lg bg-muted/50 p-3 text-sm leading-relaxed whitespace-pre-wrap text-muted-foreground">
            {item.original_text}
          </p>
        </div>
        <div className="grid min-w-0 content-start gap-2">
          <h3 className="text-xs font-semibold tracking-wide text-primary uppercase">Humanized Result</h3>
          <p className="max-h-60 overflow-y-auto rounded-lg border bg-card p-3 text-sm leading-relaxed whitespace-pre-wrap">
            {item.transformed_text}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
