import { CalendarIcon, CopyIcon } from 'lucide-react';
import type { TransformationItem } from '@plainspoken/shared';
import { MSG } from '@plainspoken/shared';
import { DownloadMenu } from '@/components/documents/download-menu';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { notifyError, notifySuccess } from '@/lib/toast';
import { copyText } from '@/lib/utils';
import { formatHistoryDate } from '../lib/format-date';

export function TransformationCard({ item }: { item: TransformationItem }) {
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
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 pb-4">
        <time dateTime={item.created_at} className="inline-flex items-center gap-2 text-sm font-medium whitespace-nowrap">
          <CalendarIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          {formatHistoryDate(item.created_at)}
        </time>
        <div className="flex items-center gap-2">
          <DownloadMenu text={item.transformed_text} />
          <Button variant="outline" size="sm" onClick={onCopy}>
            <CopyIcon aria-hidden="true" />
            Copy Result
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
