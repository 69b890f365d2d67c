import { InfoIcon, RefreshCwIcon, WandSparklesIcon } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { PRODUCT_NAME, type ScoredSentence, formatCount } from '@plainspoken/shared';
import { ScoreBar, scoreToneText } from '@/components/score/score-bar';
import { OutsideScorecard } from '@/components/score/outside-scorecard';
import { ScoreLegend } from '@/components/score/score-legend';
import { HighlightedText, levelLabel, SentenceReasons } from '@/components/text/highlighted-text';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { track } from '@/lib/analytics';
import { homeHandoff } from '@/lib/handoff';
import { displayScore, sentenceLevel } from '@/lib/score';
import { splitByRanges } from '@/lib/text-segments';
import { cn } from '@/lib/utils';
import { verdictDetail, verdictTitle } from '../lib/check-rules';
import type { CheckResult } from '../lib/use-ai-check';

const SHARE_LABELS = [
  { key: 'ai', label: 'Reads as machine-written', bar: 'bg-destructive' },
  { key: 'mixed', label: 'Some machine-like signs', bar: 'bg-warning' },
  { key: 'human', label: 'Reads as human-written', bar: 'bg-success' },
] as const;

/** The share of the text (by words) in each class of sentence, as one bar and three figures. */
function CompositionBar({ composition }: { composition: { ai: number; mixed: number; human: number } }) {
  return (
    <div className="grid gap-1.5" data-testid="ai-check-composition">
      <div className="flex h-2 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
        {SHARE_LABELS.map((s) => (
          <span key={s.key} className={s.bar} style={{ width: `${composition[s.key]}%` }} />
        ))}
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {SHARE_LABELS.map((s) => (
          <li key={s.key} className="inline-flex items-center gap-1.5">
            <span className={cn('inline-block size-2 rounded-full', s.bar)} aria-hidden="true" />
            <span>
              {s.label}: <span className="font-semibold text-foreground tabular-nums">{composition[s.key]}%</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">Share of the text's words, by sentence.</p>
    </div>
  );
}

/** The first words of a sentence for the list beside the text. */
function snippet(text: string, max = 90): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max).replace(/\s+\S*$/, '')}…`;
}

export function CheckResultCard({
  result,
  currentText,
  stale,
  onRecheck,
}: {
  result: CheckResult;
  currentText: string;
  stale: boolean;
  onRecheck: () => void;
}) {
  const { output, text } = result;
  const navigate = useNavigate();
  const prefix = useId().replace(/:/g, '');
  const verdict = verdictTitle[output.verdict];

  // The sentences worth a look, in reading order, with the exact text each one covers.
  const marked = useMemo(() => {
    const indexed = output.sentences.map((s, index) => ({ ...s, index }));
    return splitByRanges(text, indexed)
      .filter((seg) => seg.range && sentenceLevel(seg.range) !== 'none')
      .map((seg) => ({ ...(seg.range as ScoredSentence & { index: number }), text: seg.text }));
  }, [output.sentences, text]);
  const flaggedCount = marked.filter((m) => sentenceLevel(m) === 'high').length;

  function humanize() {
    track('cta_click', { location: 'ai_check', label: 'Humanize this text' });
    void navigate(paths.home, { state: homeHandoff(stale && currentText.trim() ? currentText : text) });
  }

  function showSentence(index: number) {
    const el = document.getElementById(`${prefix}-${index}`);
    if (!el) return;
    el.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    el.focus({ preventScroll: true });
  }

  return (
    <Card className="overflow-hidden" data-testid="ai-check-result">
      <div className="flex flex-col gap-5 border-b bg-muted/30 p-4 sm:p-5 md:flex-row md:items-center md:justify-between">
        <div className="grid w-full max-w-md gap-2">
          <div data-testid="ai-check-score">
            <ScoreBar label="AI-likeness" score={output.score} size="lg" />
          </div>
          <div className="mt-1">
            <h2 className={cn('text-base font-semibold', scoreToneText[verdict.tone])} data-testid="ai-check-verdict">
              {verdict.title}
            </h2>
            <p className="mt-0.5 text-sm text-pretty text-muted-foreground" data-testid="ai-check-verdict-detail">
              {verdictDetail(output.verdict, output.composition, output.caution)}
            </p>
            {output.caution && output.verdict !== 'unclear' && (
              <p
                className="mt-1.5 flex items-start gap-1.5 text-xs text-pretty text-muted-foreground"
                data-testid="ai-check-caution"
              >
                <InfoIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                {output.caution}
              </p>
            )}
          </div>
          <CompositionBar composition={output.composition} />
        </div>
        <div className="grid gap-2 md:max-w-64 md:justify-items-end md:text-right">
          <Button size="lg" onClick={humanize} className="w-full md:w-auto">
            <WandSparklesIcon aria-hidden="true" />
            Humanize this text
          </Button>
          <p className="text-xs text-muted-foreground">Opens the humanizer with your text.</p>
        </div>
      </div>

      {stale && (
        <div className="flex flex-col gap-2 border-b bg-warning/10 px-4 py-2.5 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-5">
          <p>You have edited the text since this check.</p>
          <Button size="sm" variant="outline" onClick={onRecheck} className="self-start sm:self-auto">
            <RefreshCwIcon aria-hidden="true" />
            Check again
          </Button>
        </div>
      )}

      <div className="grid gap-6 p-4 sm:p-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby={`${prefix}-text`} className="grid min-w-0 content-start gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
            <h3 id={`${prefix}-text`} className="text-sm font-semibold">
              Your text, sentence by sentence
            </h3>
            <p className="text-xs text-muted-foreground tabular-nums">
              {formatCount(output.words)} words · {output.sentences.length} sentences
            </p>
          </div>
          <ScoreLegend />
          <HighlightedText
            text={text}
            sentences={output.sentences}
            idPrefix={prefix}
            className="min-h-40 rounded-lg sm:max-h-[36rem] sm:overflow-y-auto border bg-card px-3 py-2.5 text-base leading-relaxed sm:px-4 sm:py-3 sm:text-[0.9375rem] sm:leading-7"
            data-testid="ai-check-text"
          />
          <p className="text-xs text-muted-foreground">
            Hover, tap or tab to a highlighted sentence to see why it stands out.
          </p>
        </section>

        <section aria-labelledby={`${prefix}-why`} className="grid min-w-0 content-start gap-3">
          <h3 id={`${prefix}-why`} className="text-sm font-semibold">
            What raised the score
          </h3>
          {marked.length === 0 ? (
            <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
              No sentence stands out as machine-written by our estimate.
            </p>
          ) : (
            <>
              <p className="text-xs text-muted-foreground">
                {flaggedCount} of {output.sentences.length} sentences read as machine-written
                {marked.length > flaggedCount ? `, ${marked.length - flaggedCount} more show some signs` : ''}.
              </p>
              <ol className="grid gap-2 pr-1 sm:max-h-[36rem] sm:overflow-y-auto" data-testid="ai-check-reasons">
                {marked.map((m) => {
                  const level = sentenceLevel(m) === 'high' ? 'high' : 'mid';
                  return (
                    <li key={m.index}>
                      <button
                        type="button"
                        onClick={() => showSentence(m.index)}
                        className="grid w-full cursor-pointer gap-1.5 rounded-lg border bg-card p-3 text-left text-sm transition-colors outline-none hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        <span className="flex items-center justify-between gap-2 text-xs">
                          <span className="inline-flex items-center gap-1.5 font-medium">
                            <span
                              className={cn(
                                'inline-block size-2 rounded-full',
                                level === 'high' ? 'bg-destructive' : 'bg-warning',
                              )}
                              aria-hidden="true"
                            />
                            {levelLabel[level]}
                          </span>
                          <span className="font-semibold tabular-nums">{displayScore(m.score)}%</span>
                        </span>
                        <span className="line-clamp-2 text-muted-foreground">“{snippet(m.text)}”</span>
                        <SentenceReasons reasons={m.reasons} className="text-xs" />
                        <span className="sr-only">Show this sentence in the text</span>
                      </button>
                    </li>
                  );
                })}
              </ol>
            </>
          )}
        </section>
      </div>

      {output.detectors.length > 0 && (
        <div className="border-t px-4 py-3 sm:px-5">
          <OutsideScorecard ours={displayScore(output.score)} detectors={output.detectors} />
        </div>
      )}

      <p className="flex items-start gap-2 border-t bg-muted/20 px-4 py-3 text-xs text-muted-foreground sm:px-5">
        <InfoIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        The score is {PRODUCT_NAME}'s own estimate of how machine-written the text reads, not another detector's verdict
        and not proof of who wrote it. Use it to find sentences worth rewording.
      </p>
    </Card>
  );
}
