import { LockIcon, XIcon } from 'lucide-react';
import { useId, useState, type FormEvent, type RefObject } from 'react';
import { KEEP_CARRY_OVER, KEEP_LIMITS, KEEP_REMOVE_ABSENT, RESULT_MSG, keepNotInText } from '@plainspoken/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/** How many times a phrase occurs in the text (whole words, ignoring case), as the rewrite finds it. */
export function occurrences(text: string, phrase: string): number {
  const body = phrase
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[ \\t]+');
  if (!body) return 0;
  const pre = /^\w/.test(phrase.trim()) ? "(?<![\\w\u2019'])" : '';
  const post = /\w$/.test(phrase.trim()) ? '(?!\\w)' : '';
  return text.match(new RegExp(pre + body + post, 'gi'))?.length ?? 0;
}

/**
 * Frozen phrases: words every rewrite keeps exactly as written. Add one by selecting it in the text and
 * pressing "Keep as written", or by typing it in the Keep field; each shows how often it occurs.
 */
export function KeepPhrases({
  text,
  keep,
  onChange,
  inputRef,
  disabled,
}: {
  text: string;
  keep: string[];
  onChange: (next: string[]) => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  disabled?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function add(raw: string): boolean {
    const phrase = raw.replace(/\s+/g, ' ').trim();
    if (!phrase) return false;
    if (phrase.length > KEEP_LIMITS.chars) {
      setProblem(`A phrase to keep has at most ${KEEP_LIMITS.chars} characters.`);
      return false;
    }
    if (keep.some((k) => k.toLowerCase() === phrase.toLowerCase())) {
      setProblem(null);
      return true;
    }
    if (keep.length >= KEEP_LIMITS.phrases) {
      setProblem(`You can keep up to ${KEEP_LIMITS.phrases} phrases.`);
      return false;
    }
    setProblem(null);
    onChange([...keep, phrase]);
    return true;
  }

  function onKeepSelection() {
    const el = inputRef.current;
    const selected = el ? el.value.slice(el.selectionStart, el.selectionEnd) : '';
    if (!selected.trim() || /\n/.test(selected.trim())) {
      setProblem('Select a word or phrase on one line of your text first.');
      return;
    }
    add(selected);
  }

  // Phrases kept for an earlier text carry over; said next to the box once there is a text that lacks them.
  const absent = text.trim() ? keep.filter((k) => occurrences(text, k) === 0) : [];

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (add(draft)) setDraft('');
  }

  return (
    <div className="grid gap-2" data-testid="keep-phrases">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled}
          // Keep the textarea's selection: the button must not take focus before it reads it.
          onMouseDown={(e) => e.preventDefault()}
          onClick={onKeepSelection}
          data-testid="keep-selection"
        >
          <LockIcon aria-hidden="true" />
          {RESULT_MSG.keepAsWritten}
        </Button>
        <form className="flex min-w-0 flex-1 items-center gap-2" onSubmit={onSubmit}>
          <label htmlFor={`${id}-keep`} className="text-sm font-medium">
            Keep
          </label>
          <Input
            id={`${id}-keep`}
            value={draft}
            disabled={disabled}
            maxLength={KEEP_LIMITS.chars}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="a name, a term, a phrase"
            className="flex-1"
            aria-describedby={`${id}-keep-hint`}
            data-testid="keep-input"
          />
          <Button type="submit" size="sm" variant="secondary" disabled={disabled || !draft.trim()}>
            Add
          </Button>
        </form>
      </div>
      <p id={`${id}-keep-hint`} className="text-xs text-muted-foreground">
        {problem ?? 'Select words in your text and choose Keep as written: every rewrite keeps them exactly.'}
      </p>
      {absent.length > 0 && (
        <p
          role="status"
          className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border border-warning/40 bg-warning/10 px-2.5 py-1.5 text-xs text-warning-strong"
          data-testid="keep-absent"
        >
          <span>
            {keepNotInText(absent.length)} {KEEP_CARRY_OVER}
          </span>
          <button
            type="button"
            className="font-medium underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            onClick={() => onChange(keep.filter((k) => !absent.includes(k)))}
            disabled={disabled}
          >
            {KEEP_REMOVE_ABSENT(absent.length)}
          </button>
        </p>
      )}
      {keep.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Phrases kept as written" data-testid="keep-list">
          {keep.map((k) => {
            const n = occurrences(text, k);
            return (
              <li
                key={k}
                className="inline-flex items-center gap-1 rounded-full border bg-muted/50 py-0.5 pr-1 pl-2.5 text-xs"
                data-testid="keep-chip"
              >
                <LockIcon className="size-3 text-muted-foreground" aria-hidden="true" />
                <span className="font-medium">{k}</span>
                <span className="text-muted-foreground tabular-nums">{n === 0 ? 'not in the text' : `×${n}`}</span>
                <button
                  type="button"
                  className="rounded-full p-0.5 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  onClick={() => onChange(keep.filter((x) => x !== k))}
                  disabled={disabled}
                  aria-label={`Stop keeping “${k}”`}
                >
                  <XIcon className="size-3" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
