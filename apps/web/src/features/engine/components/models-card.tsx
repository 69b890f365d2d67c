import { DownloadIcon, XIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { EngineOverview } from '@plainspoken/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useCancelPull, usePull } from '../api/engine';
import { bytes, errorText } from './format';

/** The models installed on Ollama, and pulling one with its progress. */
export function ModelsCard({ o }: { o: EngineOverview }) {
  const [name, setName] = useState(o.provider.recommendedModel);
  const pull = usePull();
  const cancel = useCancelPull();
  const job = o.pull;
  const running = job?.state === 'running';
  const pct = job?.total ? Math.min(100, Math.round(((job.completed ?? 0) / job.total) * 100)) : 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) pull.mutate(name.trim());
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Ollama models</CardTitle>
        <CardDescription>
          Installed on {o.provider.endpoint}. We recommend <code>{o.provider.recommendedModel}</code> for rewrites.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 grid-cols-1 gap-6">
        {o.provider.installed.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {o.provider.healthy
              ? 'No models installed yet. Pull one below.'
              : 'Ollama is not answering, so its models cannot be listed.'}
          </p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2" data-testid="engine-installed">
            {o.provider.installed.map((m) => (
              <li key={m.name} className="flex items-center justify-between gap-3 rounded-lg border px-3 py-2 text-sm">
                <code className="truncate">{m.name}</code>
                <span className="shrink-0 text-xs text-muted-foreground">
                  {[m.parameterSize, m.quantization, m.size ? bytes(m.size) : null].filter(Boolean).join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <div className="grid min-w-56 flex-1 gap-1.5">
            <Label htmlFor="pull-model">Pull a model</Label>
            <Input
              id="pull-model"
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="e.g. qwen2.5:7b-instruct"
              autoComplete="off"
              disabled={running}
            />
          </div>
          <Button type="submit" disabled={running || pull.isPending || !name.trim() || !o.provider.healthy}>
            {pull.isPending ? <Spinner /> : <DownloadIcon />}
            Pull
          </Button>
          {running && (
            <Button type="button" variant="outline" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              <XIcon />
              Cancel
            </Button>
          )}
        </form>
        {pull.isError && <p className="text-sm text-destructive">{errorText(pull.error)}</p>}
        {job && (
          <div className="grid gap-2" data-testid="pull-status">
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                <code>{job.model}</code>:{' '}
                {job.state === 'done'
                  ? 'pulled'
                  : job.state === 'failed'
                    ? 'failed'
                    : job.state === 'cancelled'
                      ? 'cancelled'
                      : job.status}
              </span>
              {job.total ? (
                <span className="text-muted-foreground tabular-nums">
                  {bytes(job.completed ?? 0)} of {bytes(job.total)} ({pct}%)
                </span>
              ) : null}
            </div>
            <div
              role="progressbar"
              aria-label={`Pulling ${job.model}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={pct}
              className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
            >
              <div
                className={
                  job.state === 'failed'
                    ? 'h-full bg-destructive'
                    : job.state === 'cancelled'
                      ? 'h-full bg-muted-foreground/40'
                      : 'h-full bg-primary transition-[width] duration-300'
                }
                style={{ width: `${job.state === 'done' ? 100 : pct}%` }}
              />
            </div>
            {job.error && <p className="text-sm text-destructive">{job.error}</p>}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
