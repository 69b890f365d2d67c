import { TriangleAlertIcon } from 'lucide-react';
import { formatCount } from '@plainspoken/shared';
import { cn } from '@/lib/utils';

export function WordCounter({ count, cap, warn }: { count: number; cap: number; warn: boolean }) {
  return (
    <span
      data-testid="word-counter"
      data-warning={warn || undefined}
      aria-live="polite"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm tabular-nums transition-colors',
        warn ? 'bg-warning/15 font-medium text-warning-strong' : 'text-muted-foreground',
      )}
    >
      {warn && <TriangleAlertIcon className="size-3.5" aria-hidden="true" />}
      {formatCount(count)} / {formatCount(cap)} words
    </span>
  );
}
