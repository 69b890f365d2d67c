import { useMemo, useRef, useState, type ComponentProps } from 'react';
import type { ScoredSentence } from '@plainspoken/shared';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';
import { displayScore, sentenceLevel, type HighlightLevel } from '@/lib/score';
import { splitByRanges } from '@/lib/text-segments';
import { cn } from '@/lib/utils';

export const highlightClass: Record<Exclude<HighlightLevel, 'none'>, string> = {
  high: 'bg-destructive/15 text-foreground underline decoration-destructive/70 decoration-2 underline-offset-[5px] dark:bg-destructive/25',
  mid: 'bg-warning/20 text-foreground dark:bg-warning/20',
};

export const levelLabel: Record<Exclude<HighlightLevel, 'none'>, string> = {
  high: 'Reads as machine-written',
  mid: 'Some machine-like signs',
};

/**
 * A text shown exactly as it is (every space, line break and paragraph), with scored sentences laid
 * over it by their character offsets. Highlighted sentences can be focused (Tab), hovered or tapped to
 * show their score and what raised it. Nothing is added to the text itself: the reasons live in a
 * tooltip outside it, so the element's text content always equals `text`.
 */
export function HighlightedText({
  text,
  sentences,
  levelFor = sentenceLevel,
  idPrefix,
  className,
  ...props
}: {
  text: string;
  sentences: readonly ScoredSentence[];
  /** Which sentences are highlighted and how strongly; by default flagged strongest, then some signs. */
  levelFor?: (s: ScoredSentence) => HighlightLevel;
  /** Gives each highlighted sentence the id `${idPrefix}-${index in sentences}` so a list can point at it. */
  idPrefix?: string;
} & Omit<ComponentProps<'div'>, 'children'>) {
  const segments = useMemo(
    () =>
      splitByRanges(
        text,
        sentences.map((s, index) => ({ ...s, index })),
      ),
    [text, sentences],
  );
  return (
    // The reasons are read, never clicked: without a hoverable tooltip, moving the pointer from one sentence to
    // the next (the one beside or above it, through the open tooltip's path) shows the next sentence's reasons
    // at once instead of keeping the previous one's open.
    <TooltipProvider delayDuration={150} disableHoverableContent>
      <div className={cn('whitespace-pre-wrap wrap-break-word', className)} {...props}>
        {segments.map((seg) => {
          const level = seg.range ? levelFor(seg.range) : 'none';
          if (!seg.range || level === 'none') return <span key={seg.start}>{seg.text}</span>;
          return (
            <SentenceMark
              key={seg.start}
              id={idPrefix ? `${idPrefix}-${seg.range.index}` : undefined}
              text={seg.text}
              sentence={seg.range}
              level={level}
            />
          );
        })}
      </div>
    </TooltipProvider>
  );
}

const FOCUS_SCROLL_GRACE_MS = 600;

function SentenceMark({
  id,
  text,
  sentence,
  level,
}: {
  id: string | undefined;
  text: string;
  sentence: ScoredSentence;
  level: Exclude<HighlightLevel, 'none'>;
}) {
  const [open, setOpen] = useState(false);
  const wasOpen = useRef(false);
  const markRef = useRef<HTMLElement>(null);
  const focusedAt = useRef(0);
  const score = displayScore(sentence.score);
  return (
    <Tooltip
      open={open}
      onOpenChange={(next) => {
        // Radix closes a tooltip when its trigger's container scrolls. Tabbing to a sentence scrolls it into
        // view, which would shut the reasons the moment they open; keep them while that settles.
        if (
          !next &&
          document.activeElement === markRef.current &&
          performance.now() - focusedAt.current < FOCUS_SCROLL_GRACE_MS
        )
          return;
        setOpen(next);
      }}
    >
      <TooltipTrigger asChild>
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the sentence stays a highlight; it is the trigger of its reasons tooltip */}
        <mark
          ref={markRef}
          id={id}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable so a keyboard reaches the reasons
          tabIndex={0}
          data-level={level}
          data-flagged={sentence.flagged || undefined}
          data-score={score ?? undefined}
          className={cn(
            'cursor-help rounded-[3px] px-px box-decoration-clone outline-none focus-visible:ring-2 focus-visible:ring-ring',
            highlightClass[level],
          )}
          // A tap or click toggles the reasons (touch screens have no hover). Radix closes an open tooltip
          // on pointer down and on click; the state before the press decides instead.
          onFocus={() => {
            focusedAt.current = performance.now();
          }}
          onPointerDown={() => {
            wasOpen.current = open;
          }}
          onClick={(e) => {
            e.preventDefault();
            setOpen(!wasOpen.current);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              setOpen((o) => !o);
            }
          }}
        >
          {text}
        </mark>
      </TooltipTrigger>
      <TooltipContent side="top" data-testid="sentence-reasons">
        <p className="flex items-baseline justify-between gap-3">
          <span className="font-semibold">{levelLabel[level]}</span>
          {score !== null && <span className="shrink-0 text-muted-foreground tabular-nums">{score}% AI-likeness</span>}
        </p>
        <SentenceReasons reasons={sentence.reasons} className="mt-1" />
      </TooltipContent>
    </Tooltip>
  );
}

export function SentenceReasons({ reasons, className }: { reasons: readonly string[]; className?: string }) {
  if (reasons.length === 0) {
    return (
      <p className={cn('text-muted-foreground', className)}>
        No single signal stands out: the sentence as a whole reads this way.
      </p>
    );
  }
  return (
    <ul className={cn('grid list-disc gap-0.5 pl-4 text-muted-foreground marker:text-muted-foreground/60', className)}>
      {reasons.map((r) => (
        <li key={r}>{r[0]?.toUpperCase() + r.slice(1)}</li>
      ))}
    </ul>
  );
}
