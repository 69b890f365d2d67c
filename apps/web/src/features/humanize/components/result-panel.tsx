import { CheckIcon, CopyIcon, CpuIcon, SparklesIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { MSG } from '@plainspoken/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { notifyError, notifySuccess } from '@/lib/toast';
import { copyText } from '@/lib/utils';
import { diffWords } from '../lib/word-diff';
import type { HumanizeResult } from '../lib/use-humanizer';
import { ScoreMeter } from './score-meter';

export function EngineBadge({ engine }: { engine: 'model' | 'local' }) {
  return engine === 'local' ? (
    <Badge variant="secondary" data-testid="engine-badge">
      <CpuIcon aria-hidden="true" />
      Local clean-up
    </Badge>
  ) : (
    <Badge variant="accent" data-testid="engine-badge">
      <SparklesIcon aria-hidden="true" />
      Model rewrite
    </Badge>
  );
}

export function ResultPanel({ result }: { result: HumanizeResult }) {
  const { output, original } = result;
  const [copied, setCopied] = useState(false);
  const diff = useMemo(() => diffWords(original, output.humanized_text), [original, output.humanized_text]);
  const sentences = output.sentences_after ?? [];
  const flaggedCount = sentences.filter((s) => s.flagged).length;

  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(id);
  }, [copied]);

  async function onCopy() {
    try {
      await copyText(output.humanized_text);
      setCopied(true);
      notifySuccess({ title: MSG.copied });
    } catch {
      notifyError({ title: MSG.copyFailed, description: 'Select the text and copy it with Ctrl+C.' });
    }
  }

  return (
    <section aria-label="Result" className="grid min-w-0 content-start gap-3" data-testid="result-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <h3 className="text-sm font-semibold">Result</h3>
          <EngineBadge engine={output.engine} />
        </div>
        <Button size="sm" variant="outline" onClick={onCopy} aria-label={copied ? 'Copied!' : 'Copy result'}>
          {copied ? <CheckIcon className="text-success" /> : <CopyIcon />}
          {copied ? 'Copied!' : 'Copy'}
        </Button>
      </div>
      {output.engine === 'local' && (
        <p className="text-xs text-muted-foreground" title={output.engine_note}>
          Connect a model for full rewrites
        </p>
      )}

      <Tabs defaultValue="rewrite" className="grid gap-3">
        <TabsList className="justify-self-start">
          <TabsTrigger value="rewrite">Rewrite</TabsTrigger>
          <TabsTrigger value="changes">What changed</TabsTrigger>
        </TabsList>
        <TabsContent value="rewrite">
          <div
            className="max-h-[28rem] min-h-40 overflow-y-auto rounded-lg border bg-card px-3 py-2 text-base leading-relaxed whitespace-pre-wrap sm:text-sm"
            data-testid="result-text"
          >
            {sentences.length > 0
              ? sentences.map((s, i) => (
                  <span key={i}>
                    {i > 0 && ' '}
                    <span
                      className={s.flagged ? 'rounded-sm bg-warning/20 underline decoration-warning decoration-2 underline-offset-4' : undefined}
                      data-flagged={s.flagged || undefined}
                      title={s.flagged ? 'Still reads as AI-written' : undefined}
                    >
                      {s.text}
                    </span>
                  </span>
                ))
              : output.humanized_text}
          </div>
          {sentences.length > 0 && (
            <p className="mt-2 text-xs text-muted-foreground">
              {flaggedCount === 0
                ? 'No sentence stands out as machine-written by our estimate.'
                : `${flaggedCount} highlighted ${flaggedCount === 1 ? 'sentence still reads' : 'sentences still read'} as AI-written by our estimate. Consider editing ${flaggedCount === 1 ? 'it' : 'them'} by hand.`}
            </p>
          )}
        </TabsContent>
        <TabsContent value="changes">
          <div
            className="max-h-[28rem] min-h-40 overflow-y-auto rounded-lg border bg-card px-3 py-2 text-base leading-relaxed sm:text-sm"
            data-testid="result-diff"
          >
            {diff.map((p, i) => (
              <span key={i}>
                {i > 0 && ' '}
                {p.type === 'same' ? (
                  p.text
                ) : p.type === 'added' ? (
                  <ins className="rounded-sm bg-success/15 text-foreground no-underline">{p.text}</ins>
                ) : (
                  <del className="rounded-sm bg-destructive/10 text-muted-foreground">{p.text}</del>
                )}
              </span>
            ))}
          </div>
        </TabsContent>
      </Tabs>

      <ScoreMeter before={output.score_before} after={output.score_after} />
    </section>
  );
}
