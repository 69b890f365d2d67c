import { useState } from 'react';
import { CircleAlertIcon, ShieldCheckIcon } from 'lucide-react';
import type { MeaningCheck, MeaningFact, MeaningFactKind } from '@plainspoken/shared';
import { cn } from '@/lib/utils';

const KIND_LABEL: Record<MeaningFactKind, string> = {
  number: 'Number',
  date: 'Date',
  name: 'Name',
  link: 'Link',
  quotation: 'Quotation',
  negation: 'Negation',
};

/** A few words either side of [start, end), with the fact itself marked. */
function Context({ text, at }: { text: string; at: [number, number] }) {
  const [s, e] = at;
  const from = Math.max(0, text.lastIndexOf(' ', Math.max(0, s - 60)));
  const to = text.indexOf(' ', Math.min(text.length, e + 60));
  const end = to < 0 ? text.length : to;
  return (
    <span>
      {from > 0 && '…'}
      {text.slice(from, s).trimStart()}
      <mark className="rounded-sm bg-primary/15 px-0.5 text-foreground">{text.slice(s, e)}</mark>
      {text.slice(e, end).trimEnd()}
      {end < text.length && '…'}
    </span>
  );
}

/**
 * The meaning report, folded under the scores: one line saying what of the text was checked in the result, and,
 * opened, each fact with whether the result says it as written. Hovering or focusing a fact shows where it stands,
 * in the result (or, when the result does not say it as written, in the user's text).
 */
export function MeaningReport({
  meaning,
  original,
  result,
  edited,
}: {
  meaning: MeaningCheck;
  original: string;
  /** The result as the engine wrote it: the offsets are into this text. */
  result: string;
  /** The user edited the result after the check: the report is of the rewrite as written. */
  edited: boolean;
}) {
  const [active, setActive] = useState<number | null>(null);
  const lost = meaning.facts.filter((f) => !f.kept).length;
  const putBack = meaning.putBack ?? [];
  const details = meaning.facts.length > 0 || putBack.length > 0;
  const fact: MeaningFact | undefined = active === null ? undefined : meaning.facts[active];
  const Icon = lost > 0 ? CircleAlertIcon : ShieldCheckIcon;
  return (
    <details className="group rounded-lg border bg-card px-3 py-2 text-sm" data-testid="meaning-report">
      <summary
        className="flex cursor-pointer list-none items-start gap-2 rounded-sm text-pretty focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden"
        data-testid="meaning-summary"
      >
        <Icon
          aria-hidden="true"
          className={cn('mt-0.5 size-4 shrink-0', lost > 0 ? 'text-destructive' : 'text-success')}
        />
        <span>
          <span className="font-medium">Meaning check: </span>
          {meaning.summary}
          {details && <span className="ml-1 text-muted-foreground group-open:hidden">(show each)</span>}
        </span>
      </summary>
      {details && (
        <div className="mt-2 grid gap-2">
          {edited && (
            <p className="text-xs text-muted-foreground">Checked on the rewrite as written, before your edits.</p>
          )}
          {meaning.facts.length > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label="Facts checked" data-testid="meaning-facts">
              {meaning.facts.map((f, i) => (
                <li key={`${f.original[0]}-${f.kind}`}>
                  <button
                    type="button"
                    className={cn(
                      'inline-flex max-w-full items-center gap-1 rounded-md border px-2 py-0.5 text-left text-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                      f.kept ? 'bg-background' : 'border-destructive/40 bg-destructive/10',
                      active === i && 'ring-2 ring-ring',
                    )}
                    aria-pressed={active === i}
                    // The name starts with the words shown (kind, then the fact), as a speech user says them.
                    aria-label={`${KIND_LABEL[f.kind]} ${f.text}: ${f.kept ? 'kept as written' : 'not in the result as written'}`}
                    onMouseEnter={() => setActive(i)}
                    onFocus={() => setActive(i)}
                    onClick={() => setActive(i)}
                    data-kept={f.kept}
                  >
                    <span className="text-muted-foreground">{KIND_LABEL[f.kind]}</span>{' '}
                    <span className="truncate font-medium">{f.text}</span>
                    {!f.kept && <CircleAlertIcon aria-hidden="true" className="size-3 text-destructive" />}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {meaning.facts.length > 0 && (
            <p
              className="min-h-10 text-xs text-pretty text-muted-foreground"
              aria-live="polite"
              data-testid="meaning-where"
            >
              {fact === undefined ? (
                'Hover over or focus a fact to see where it stands.'
              ) : fact.kept && fact.result && !edited ? (
                <>
                  <span className="font-medium text-foreground">In the result: </span>
                  <Context text={result} at={fact.result} />
                </>
              ) : (
                <>
                  <span className="font-medium text-foreground">
                    {fact.kept ? 'Kept. In your text: ' : 'Not in the result as written. In your text: '}
                  </span>
                  <Context text={original} at={fact.original} />
                </>
              )}
            </p>
          )}
          {putBack.length > 0 && (
            <div data-testid="meaning-put-back">
              <p className="text-xs font-medium">Put back as you wrote it</p>
              <ul className="mt-1 grid gap-1.5 text-xs">
                {putBack.map((p, i) => (
                  <li key={i} className="rounded-md border bg-background px-2 py-1">
                    <span className="text-pretty">{p.sentence}</span>
                    <span className="block text-muted-foreground">Why: {p.why}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </details>
  );
}
