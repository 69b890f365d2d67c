import { RefreshCwIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  countWords,
  RESULT_MSG,
  SENTENCE_ALTERNATIVES,
  type ScoredSentence,
  type SentenceAlternativesOutput,
  type SentenceCheckOutput,
} from '@plainspoken/shared';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api';
import { keyRoots } from '@/lib/query-keys';
import { displayScore } from '@/lib/score';
import { notifyError } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { checkSentence, fetchSentenceAlternatives } from '../api/result-editing';

type Range = { start: number; end: number };

/** The sentences of a text: the detector's when it scored the text, else split at sentence ends. */
export function sentenceRanges(text: string, scored: readonly ScoredSentence[]): Range[] {
  if (scored.length > 0) return scored.map((s) => ({ start: s.start, end: s.end }));
  const out: Range[] = [];
  const re = /[^.!?\n]+(?:[.!?]+["'\u201d\u2019)]*)?/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    const lead = m[0].length - m[0].trimStart().length;
    const body = m[0].trim();
    if (/[\p{L}\p{N}]/u.test(body)) out.push({ start: m.index + lead, end: m.index + lead + body.length });
  }
  return out;
}

/**
 * One sentence at a time: every sentence of the result is a button (click, tap, or Tab and Enter);
 * "Rewrite this sentence" asks for up to three alternatives, each with the whole result's score with it in
 * place, and the user picks one or keeps the original. Whether anything can be offered is asked (free) as
 * soon as a sentence is picked: a greeting or sign-off, or a sentence the light edit has nothing better for
 * while no model is connected, says so before any click. Only that sentence's words are charged, and only
 * when a wording that scores lower is offered.
 */
export function SentenceRewriter({
  transformationId,
  text,
  sentences,
  onChoose,
  onCharged,
  disabled,
}: {
  transformationId: string | null;
  text: string;
  sentences: readonly ScoredSentence[];
  /** The result with the chosen sentence in place. */
  onChoose: (next: string) => Promise<void>;
  onCharged: (remaining: number) => void;
  disabled?: boolean;
}) {
  const ranges = useMemo(() => sentenceRanges(text, sentences), [text, sentences]);
  const [picked, setPicked] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [alts, setAlts] = useState<SentenceAlternativesOutput | null>(null);
  const range = picked === null ? null : ranges[picked];
  const words = range ? countWords(text.slice(range.start, range.end)) : 0;
  const tooLong = words > SENTENCE_ALTERNATIVES.maxWords;
  // What the click can offer, asked (free) when a sentence is picked; undefined while asking or if it failed.
  const offerQuery = useQuery({
    queryKey: [keyRoots.transformations, transformationId, 'sentence-check', text, range?.start, range?.end],
    queryFn: () => checkSentence(transformationId!, range!),
    enabled: Boolean(range && transformationId && !tooLong),
    retry: false,
    staleTime: Infinity,
  });
  const offer: SentenceCheckOutput | undefined = offerQuery.data;

  function pick(i: number) {
    setPicked(i === picked ? null : i);
    setAlts(null);
  }

  async function onRewrite() {
    if (!range || !transformationId) return;
    setLoading(true);
    try {
      const out = await fetchSentenceAlternatives(transformationId, range);
      setAlts(out);
      onCharged(out.remaining_balance);
    } catch (e) {
      notifyError({
        title: 'No alternatives this time',
        description: isApiError(e) ? e.message : 'Please try again.',
      });
    } finally {
      setLoading(false);
    }
  }

  async function choose(replacement: string) {
    if (!range) return;
    const sentence = text.slice(range.start, range.end);
    const lead = sentence.match(/^\s*/)?.[0] ?? '';
    const trail = sentence.match(/\s*$/)?.[0] ?? '';
    setSaving(true);
    try {
      await onChoose(text.slice(0, range.start) + lead + replacement + trail + text.slice(range.end));
      setPicked(null);
      setAlts(null);
    } finally {
      setSaving(false);
    }
  }

  // The text laid out as it is, each sentence a button.
  const parts: { key: number; text: string; index: number | null }[] = [];
  let at = 0;
  ranges.forEach((r, i) => {
    if (r.start > at) parts.push({ key: at, text: text.slice(at, r.start), index: null });
    parts.push({ key: r.start, text: text.slice(r.start, r.end), index: i });
    at = r.end;
  });
  if (at < text.length) parts.push({ key: at, text: text.slice(at), index: null });

  return (
    <div className="grid gap-3" data-testid="sentence-rewriter">
      <p className="text-xs text-muted-foreground">
        Click or tap a sentence (or Tab to it and press Enter), then rewrite just that sentence: only its words are
        charged, and only when we offer wording that reads as more human-written.
      </p>
      <div
        className="max-h-[28rem] min-h-40 overflow-y-auto rounded-lg border bg-card px-3 py-2 text-base leading-relaxed whitespace-pre-wrap wrap-break-word sm:text-sm sm:leading-relaxed"
        data-testid="sentence-text"
      >
        {parts.map((p) =>
          p.index === null ? (
            <span key={p.key}>{p.text}</span>
          ) : (
            <span
              key={p.key}
              role="button"
              tabIndex={0}
              aria-pressed={picked === p.index}
              data-testid="sentence"
              onClick={() => pick(p.index!)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  pick(p.index!);
                }
              }}
              className={cn(
                'cursor-pointer rounded-[3px] box-decoration-clone outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring',
                picked === p.index && 'bg-primary/15 ring-1 ring-primary/40 hover:bg-primary/15',
              )}
            >
              {p.text}
            </span>
          ),
        )}
      </div>
      {range && (
        <div className="grid gap-2 rounded-lg border bg-muted/30 p-3" data-testid="sentence-panel">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm" data-testid="sentence-offer">
              {tooLong
                ? RESULT_MSG.sentenceTooLong(SENTENCE_ALTERNATIVES.maxWords)
                : offer && !offer.rewritable
                  ? offer.reason
                  : RESULT_MSG.chargeIfFound(words)}
            </p>
            {!(offer && !offer.rewritable) && (
              <Button
                size="sm"
                onClick={() => void onRewrite()}
                disabled={disabled || loading || saving || !transformationId || tooLong}
                data-testid="rewrite-sentence"
              >
                {loading ? <Spinner /> : <RefreshCwIcon aria-hidden="true" />}
                {RESULT_MSG.rewriteSentence}
              </Button>
            )}
          </div>
          {alts && (
            <div className="grid gap-2" aria-live="polite">
              {alts.alternatives.length === 0 ? (
                <p className="text-sm text-muted-foreground" data-testid="no-alternatives">
                  {alts.reason ?? RESULT_MSG.noAlternatives}
                </p>
              ) : (
                <ul className="grid gap-2" aria-label="Alternatives" data-testid="alternatives">
                  {alts.alternatives.map((a) => (
                    <li
                      key={a.text}
                      className="flex flex-wrap items-start justify-between gap-2 rounded-md border bg-card p-2"
                    >
                      <span className="min-w-0 flex-1 text-sm" data-testid="alternative-text">
                        {a.text}
                      </span>
                      <span className="flex items-center gap-2">
                        <span className="text-xs text-muted-foreground tabular-nums" data-testid="alternative-score">
                          {displayScore(a.score)}% AI-likeness
                        </span>
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={saving}
                          onClick={() => void choose(a.text)}
                          data-testid="use-alternative"
                        >
                          Use this
                        </Button>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
                <span data-testid="original-score">
                  As it is: {displayScore(alts.original.score)}% AI-likeness · {alts.cost}
                </span>
                <Button size="sm" variant="ghost" onClick={() => pick(picked!)} data-testid="keep-original">
                  Keep the original
                </Button>
              </div>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
