import { ActivityIcon, DownloadIcon, LockIcon, RefreshCwIcon, ShieldAlertIcon, XIcon } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  HUMANIZE_MODES,
  type EngineModeStats,
  type EngineOverview,
  type EngineWindow,
  type HumanizeMode,
} from '@plainspoken/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { BarChart, shortUtcDay } from '@/components/ui/charts';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api';
import { useAuthDialog } from '@/lib/auth-dialog';
import { useCancelPull, useCheckNow, useChooseModel, useEngineAccess, useEngineOverview, usePull } from '../api/engine';

/** /admin/engine: the operator's view of the rewriting engine (admins only). */
export function EnginePage() {
  const access = useEngineAccess();
  const { openAuthDialog } = useAuthDialog();
  if (access === 'loading')
    return (
      <div className="mx-auto grid w-full max-w-6xl gap-4 px-4 py-12 sm:px-6" role="status" aria-label="Loading">
        <Skeleton className="h-9 w-1/2" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  if (access === 'signed-out')
    return (
      <div className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-24 text-center">
        <LockIcon className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-semibold">Please sign in</h1>
        <p className="mt-2 text-muted-foreground">
          The engine page is for administrators. Sign in with an administrator account to use it.
        </p>
        <Button className="mt-8" onClick={() => openAuthDialog('sign-in')}>
          Sign in
        </Button>
      </div>
    );
  if (access === 'forbidden')
    return (
      <div
        className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-24 text-center"
        data-testid="forbidden-page"
      >
        <ShieldAlertIcon className="size-10 text-destructive" aria-hidden="true" />
        <p className="mt-4 text-6xl font-bold tracking-tight text-primary">403</p>
        <h1 className="mt-3 text-2xl font-semibold">Access denied</h1>
        <p className="mt-2 text-muted-foreground">This page is for administrators only.</p>
        <Button asChild className="mt-8">
          <Link to={paths.home}>Return to Home</Link>
        </Button>
      </div>
    );
  return <Engine />;
}

const MODE_LABEL: Record<HumanizeMode, string> = { deep: 'Deep Humanize', lightning: 'Lightning' };
const KIND_LABEL: Record<EngineOverview['provider']['kind'], string> = {
  ollama: 'Ollama',
  'openai-compatible': 'OpenAI-compatible service',
  none: 'None (local clean-up only)',
};

const int = (n: number | null | undefined): string => (n == null ? '–' : Math.round(n).toLocaleString('en-US'));
const ms = (n: number | null | undefined): string =>
  n == null ? '–' : n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${Math.round(n).toLocaleString('en-US')} ms`;
const usd = (n: number | null | undefined, digits = 4): string => (n == null ? '–' : `$${n.toFixed(digits)}`);
const bytes = (n: number): string =>
  n >= 1e9 ? `${(n / 1e9).toFixed(1)} GB` : n >= 1e6 ? `${(n / 1e6).toFixed(0)} MB` : `${Math.round(n / 1e3)} KB`;

function ago(iso: string | null): string {
  if (!iso) return 'never';
  const s = Math.max(0, Math.round((Date.now() - new Date(iso).getTime()) / 1000));
  if (s < 5) return 'just now';
  if (s < 90) return `${s} s ago`;
  return `${Math.round(s / 60)} min ago`;
}

function errorText(e: unknown): string {
  return isApiError(e) ? e.message : 'Something went wrong. Try again.';
}

function Engine() {
  const q = useEngineOverview();
  const check = useCheckNow();
  const o = q.data;
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-10 sm:px-6 [&>*]:min-w-0">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Engine</h1>
          <p className="mt-2 max-w-2xl text-muted-foreground">
            The model that writes full rewrites, its health, speed, token use and cost per 1,000 words, from every
            rewrite recorded.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => check.mutate()} disabled={check.isPending}>
            {check.isPending ? <Spinner /> : <ActivityIcon />}
            Check now
          </Button>
          <Button variant="outline" onClick={() => void q.refetch()} disabled={q.isFetching}>
            {q.isFetching && !check.isPending ? <Spinner /> : <RefreshCwIcon />}
            Refresh
          </Button>
          <Button asChild variant="ghost">
            <Link to={paths.admin}>Admin overview</Link>
          </Button>
        </div>
      </header>
      {q.isError && !o ? (
        <p className="text-destructive">Could not load the engine figures. Try Refresh in a moment.</p>
      ) : !o ? (
        <div className="grid gap-4 md:grid-cols-2" role="status" aria-label="Loading">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-56 w-full" />
          ))}
        </div>
      ) : (
        <>
          <ProviderCard o={o} />
          {o.provider.kind === 'ollama' && <ModelsCard o={o} />}
          <UsageCard o={o} />
          <CostCard o={o} />
          {o.outside && <OutsideDetectorsCard rows={o.outside} />}
        </>
      )}
    </div>
  );
}

function ProviderCard({ o }: { o: EngineOverview }) {
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
        <div className="overflow-x-auto">
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
                        <Badge variant="success">the model</Badge>
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
        </div>
        {choose.isError && <p className="text-sm text-destructive">{errorText(choose.error)}</p>}
      </CardContent>
    </Card>
  );
}

function ModelsCard({ o }: { o: EngineOverview }) {
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

function UsageCard({ o }: { o: EngineOverview }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Usage</CardTitle>
        <CardDescription>
          Every rewrite is recorded with its engine, model, tokens, candidates tried, time and whether it fell back.
        </CardDescription>
      </CardHeader>
      <CardContent className="min-w-0">
        <Tabs defaultValue="day" className="min-w-0">
          <TabsList>
            <TabsTrigger value="day">Last 24 hours</TabsTrigger>
            <TabsTrigger value="month">Last 30 days</TabsTrigger>
          </TabsList>
          <TabsContent value="day" className="min-w-0">
            <WindowView w={o.windows.day} label={(at) => `${at.slice(11, 13)}:00`} />
          </TabsContent>
          <TabsContent value="month" className="min-w-0">
            <WindowView w={o.windows.month} label={shortUtcDay} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}

function WindowView({ w, label }: { w: EngineWindow; label: (at: string) => string }) {
  const rows: [string, EngineModeStats][] = [
    ...HUMANIZE_MODES.map((m) => [MODE_LABEL[m], w.modes[m]] as [string, EngineModeStats]),
    ['All', w.all],
  ];
  const per = w.label === '24h' ? 'hour' : 'day';
  return (
    <div className="mt-4 grid min-w-0 grid-cols-1 gap-6">
      <div className="overflow-x-auto">
        <table className="w-full min-w-[760px] text-sm" data-testid={`engine-stats-${w.label}`}>
          <thead className="text-left text-muted-foreground">
            <tr className="border-b">
              <th className="py-2 pr-3 font-medium">Mode</th>
              <th className="py-2 pr-3 text-right font-medium">Rewrites</th>
              <th className="py-2 pr-3 text-right font-medium">By the model</th>
              <th className="py-2 pr-3 text-right font-medium">Fallbacks</th>
              <th className="py-2 pr-3 text-right font-medium">p50</th>
              <th className="py-2 pr-3 text-right font-medium">p95</th>
              <th className="py-2 pr-3 text-right font-medium">Tokens in / 1k words</th>
              <th className="py-2 pr-3 text-right font-medium">Tokens out / 1k words</th>
              <th className="py-2 text-right font-medium">Cost / 1k words</th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {rows.map(([name, s]) => (
              <tr key={name} className="border-b last:border-0 last:font-semibold">
                <td className="py-2 pr-3">{name}</td>
                <td className="py-2 pr-3 text-right">{int(s.rewrites)}</td>
                <td className="py-2 pr-3 text-right">{int(s.modelRewrites)}</td>
                <td className="py-2 pr-3 text-right">{int(s.fallbacks)}</td>
                <td className="py-2 pr-3 text-right">{ms(s.latencyP50Ms)}</td>
                <td className="py-2 pr-3 text-right">{ms(s.latencyP95Ms)}</td>
                <td className="py-2 pr-3 text-right">{int(s.tokensInPer1k)}</td>
                <td className="py-2 pr-3 text-right">{int(s.tokensOutPer1k)}</td>
                <td className="py-2 text-right">{usd(s.costPer1k)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2 [&>*]:min-w-0">
        <Chart title={`Rewrites by the model per ${per}`}>
          <BarChart
            title={`Rewrites by the model per ${per}`}
            points={w.series.map((b) => ({ label: label(b.at), value: b.model }))}
            unit="rewrites"
          />
        </Chart>
        <Chart title={`Light edits per ${per}`}>
          <BarChart
            title={`Light edits per ${per}`}
            points={w.series.map((b) => ({ label: label(b.at), value: b.local }))}
            color="var(--color-muted-foreground)"
            unit="rewrites"
          />
        </Chart>
        <Chart title={`Tokens per ${per} (in + out)`}>
          <BarChart
            title={`Tokens per ${per}`}
            points={w.series.map((b) => ({ label: label(b.at), value: b.tokensIn + b.tokensOut }))}
            unit="tokens"
          />
        </Chart>
        <Chart title={`Fallbacks per ${per}`}>
          <BarChart
            title={`Fallbacks per ${per}`}
            points={w.series.map((b) => ({ label: label(b.at), value: b.fallbacks }))}
            color="var(--color-destructive)"
            unit="fallbacks"
          />
        </Chart>
      </div>
      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">Fallbacks and their reasons</h3>
        {w.fallbackReasons.length === 0 ? (
          <p className="text-sm text-muted-foreground">No fallbacks in this window.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" data-testid={`engine-reasons-${w.label}`}>
            {w.fallbackReasons.map((r) => (
              <li key={r.reason}>
                <Badge variant="outline">
                  {r.reason} <span className="tabular-nums">× {r.count}</span>
                </Badge>
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm text-muted-foreground">
          Model drafts set aside by the faithfulness guard (changed the meaning):{' '}
          <span className="tabular-nums">{int(w.guardRejected)}</span>
        </p>
      </div>
    </div>
  );
}

function CostCard({ o }: { o: EngineOverview }) {
  const cost = o.windows.month.all.costPer1k;
  const priced = o.prices.inPerMillion > 0 || o.prices.outPerMillion > 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Cost and plan margins</CardTitle>
        <CardDescription>
          Model cost at {usd(o.prices.inPerMillion, 2)} per million prompt tokens and {usd(o.prices.outPerMillion, 2)}{' '}
          per million completion tokens (HUMANIZER_LLM_PRICE_IN / _OUT){priced ? '' : '; set them to see a cost'}. Over
          the last 30 days: <strong data-testid="engine-cost-30d">{usd(cost)}</strong> per 1,000 words.
        </CardDescription>
      </CardHeader>
      <CardContent className="min-w-0 overflow-x-auto">
        <table className="w-full min-w-[520px] text-sm" data-testid="engine-margins">
          <thead className="text-left text-muted-foreground">
            <tr className="border-b">
              <th className="py-2 pr-3 font-medium">Plan</th>
              <th className="py-2 pr-3 text-right font-medium">Price / 1k words</th>
              <th className="py-2 pr-3 text-right font-medium">Model cost / 1k words</th>
              <th className="py-2 pr-3 text-right font-medium">Margin / 1k words</th>
              <th className="py-2 text-right font-medium">Margin</th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {o.plans.map((p) => (
              <tr key={`${p.tier}-${p.period}`} className="border-b last:border-0">
                <td className="py-2 pr-3">
                  {p.tier} {p.period === 'monthly' ? 'monthly' : 'yearly'}
                </td>
                <td className="py-2 pr-3 text-right">{usd(p.pricePer1k, 3)}</td>
                <td className="py-2 pr-3 text-right">{usd(cost)}</td>
                <td className="py-2 pr-3 text-right">{usd(p.marginPer1k, 3)}</td>
                <td className="py-2 text-right">{p.marginPct == null ? '–' : `${p.marginPct.toFixed(1)}%`}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-xs text-muted-foreground">
          A plan's price per 1,000 words assumes its whole monthly allowance is used; lighter use raises the margin.
        </p>
      </CardContent>
    </Card>
  );
}

function OutsideDetectorsCard({ rows }: { rows: NonNullable<EngineOverview['outside']> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Outside detectors</CardTitle>
        <CardDescription>
          Scans sent to each vendor this month (cached answers are not sent) and their cost at the price per call in
          OUTSIDE_DETECTOR_PRICES. A detector is on when its key is set.
        </CardDescription>
      </CardHeader>
      <CardContent className="min-w-0 overflow-x-auto">
        <table className="w-full min-w-[520px] text-sm" data-testid="engine-outside">
          <thead className="text-left text-muted-foreground">
            <tr className="border-b">
              <th className="py-2 pr-3 font-medium">Detector</th>
              <th className="py-2 pr-3 font-medium">Key</th>
              <th className="py-2 pr-3 text-right font-medium">Scans this month</th>
              <th className="py-2 pr-3 text-right font-medium">Cost per call</th>
              <th className="py-2 text-right font-medium">Cost this month</th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {rows.map((r) => (
              <tr key={r.detector} className="border-b last:border-0" data-testid={`engine-outside-${r.detector}`}>
                <td className="py-2 pr-3">{r.name}</td>
                <td className="py-2 pr-3">{r.configured ? 'set' : 'not set'}</td>
                <td className="py-2 pr-3 text-right">{r.scansThisMonth.toLocaleString('en-US')}</td>
                <td className="py-2 pr-3 text-right">{r.costPerCall == null ? '–' : usd(r.costPerCall, 4)}</td>
                <td className="py-2 text-right">{r.monthCost == null ? '–' : usd(r.monthCost, 2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
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

function Chart({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid gap-2 text-foreground">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </div>
  );
}
