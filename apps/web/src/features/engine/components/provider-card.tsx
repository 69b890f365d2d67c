import { useState, type ReactNode } from 'react';
import { HUMANIZE_MODES, type EngineOverview, type HumanizeMode } from '@plainspoken/shared';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useChooseModel } from '../api/engine';
import { KIND_LABEL, MODE_LABEL, ago, errorText, ms } from './format';
import { ScrollTable } from '@/components/ui/scroll-table';

/** The provider, its health and the model each mode uses. */
export function ProviderCard({ o }: { o: EngineOverview }) {
  const p = o.provider;
  const choose = useChooseModel();
  const [pending, setPending] = useState<HumanizeMode | null>(null);
  return (
    <Card data-testid="engine-provider" className="min-w-0">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle>Provider</CardTitle>
          {p.kind === 'none' ? (
            <Badge variant="secondary">Local clean-up only</Badge>
          ) : p.healthy ? (
            <Badge variant="success" data-testid="engine-health">
              <span className="size-2 rounded-full bg-success" aria-hidden="true" /> Up
            </Badge>
          ) : (
            <Badge variant="warning" data-testid="engine-health">
              <span className="size-2 rounded-full bg-destructive" aria-hidden="true" /> Down
            </Badge>
          )}
        </div>
        <CardDescription>
          {p.kind === 'ollama'
            ? `Ollama is looked for at ${p.endpoint} at start and every ${p.probeSeconds} s; while it answers and has the mode's model, rewrites go to it.`
            : p.kind === 'openai-compatible'
              ? `Rewrites go to ${p.endpoint}; a failed call falls back to the local clean-up for that rewrite.`
              : 'No model provider: every rewrite is a light edit by the local clean-up.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 grid-cols-1 gap-6">
        <dl className="grid grid-cols-2 gap-4 text-sm md:grid-cols-4">
          <Fact label="Provider" value={KIND_LABEL[p.kind]} />
          <Fact
            label="Last check"
            value={<span title={p.lastCheckAt ?? undefined}>{ago(p.lastCheckAt)}</span>}
            testId="engine-last-check"
          />
          <Fact label="Check took" value={ms(p.checkMs)} />
          <Fact label={p.healthy ? 'Last error' : 'Why it is down'} value={p.lastError ?? 'none'} />
        </dl>
        <ScrollTable label="Model per mode">
          <table className="w-full min-w-[520px] text-sm">
            <thead className="text-left text-muted-foreground">
              <tr className="border-b">
                <th className="py-2 pr-4 font-medium">Mode</th>
                <th className="py-2 pr-4 font-medium">Model</th>
                <th className="py-2 font-medium">Rewrites go to</th>
              </tr>
            </thead>
            <tbody>
              {HUMANIZE_MODES.map((mode) => {
                const m = p.modes[mode];
                const names = [...new Set([...p.installed.map((x) => x.name), m.model].filter(Boolean))];
                return (
                  <tr key={mode} className="border-b last:border-0" data-testid={`engine-mode-${mode}`}>
                    <td className="py-3 pr-4 font-medium">{MODE_LABEL[mode]}</td>
                    <td className="py-3 pr-4">
                      {p.kind === 'ollama' ? (
                        <div className="flex items-center gap-2">
                          <Label htmlFor={`model-${mode}`} className="sr-only">
                            Model for {MODE_LABEL[mode]}
                          </Label>
                          <select
                            id={`model-${mode}`}
                            className="h-9 rounded-md border bg-background px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                            value={m.model}
                            disabled={choose.isPending}
                            onChange={(e) => {
                              setPending(mode);
                              choose.mutate({ mode, model: e.target.value }, { onSettled: () => setPending(null) });
                            }}
                          >
                            {names.map((n) => (
                              <option key={n} value={n}>
                                {n}
                              </option>
                            ))}
                          </select>
                          {pending === mode && <Spinner />}
                        </div>
                      ) : (
                        <code className="text-xs">{m.model || '–'}</code>
                      )}
                    </td>
                    <td className="py-3">
                      {m.active ? (
                        <span className="flex flex-wrap items-center gap-2">
                          <Badge variant="success">the model</Badge>
                          <span className="text-xs text-muted-foreground">
                            {m.secondOpinionCalls > 0
                              ? `second opinion: up to ${m.secondOpinionCalls} ${m.secondOpinionCalls === 1 ? 'call' : 'calls'} a rewrite`
                              : 'no second opinion'}
                          </span>
                        </span>
                      ) : (
                        <span className="flex flex-wrap items-center gap-2">
                          <Badge variant="secondary">local clean-up</Badge>
                          <span className="text-xs text-muted-foreground">{m.reason}</span>
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollTable>
        {choose.isError && <p className="text-sm text-destructive">{errorText(choose.error)}</p>}
      </CardContent>
    </Card>
  );
}

function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 truncate font-medium" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
