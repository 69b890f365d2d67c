import type { ReactNode } from 'react';
import { HUMANIZE_MODES, fallbackLabel, type EngineModeStats, type EngineWindow } from '@plainspoken/shared';
import { Badge } from '@/components/ui/badge';
import { BarChart } from '@/components/ui/charts';
import { MODE_LABEL, SET_ASIDE_LABEL, int, latencyFormat, usd } from './format';
import { ScrollTable } from '@/components/ui/scroll-table';

/** One window of the usage card: figures per mode, charts, fallbacks and drafts set aside, by reason. */
export function WindowView({ w, label }: { w: EngineWindow; label: (at: string) => string }) {
  const rows: [string, EngineModeStats][] = [
    ...HUMANIZE_MODES.map((m) => [MODE_LABEL[m], w.modes[m]] as [string, EngineModeStats]),
    ['All', w.all],
  ];
  const per = w.label === '24h' ? 'hour' : 'day';
  // p50 and p95 of every row in one unit, so they compare at a glance.
  const latency = latencyFormat(rows.flatMap(([, s]) => [s.latencyP50Ms, s.latencyP95Ms]));
  return (
    <div className="mt-4 grid min-w-0 grid-cols-1 gap-6">
      <ScrollTable label={`Rewrites by mode, last ${w.label}`}>
        <table className="w-full min-w-[960px] text-sm" data-testid={`engine-stats-${w.label}`}>
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
              <th className="py-2 pr-3 text-right font-medium">Cost / 1k words processed</th>
              <th className="py-2 pr-3 text-right font-medium">Words charged</th>
              <th className="py-2 text-right font-medium">Cost / 1k words charged</th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {rows.map(([name, s]) => (
              <tr key={name} className="border-b last:border-0 last:font-semibold">
                <td className="py-2 pr-3">{name}</td>
                <td className="py-2 pr-3 text-right">{int(s.rewrites)}</td>
                <td className="py-2 pr-3 text-right">{int(s.modelRewrites)}</td>
                <td className="py-2 pr-3 text-right">{int(s.fallbacks)}</td>
                <td className="py-2 pr-3 text-right">{latency(s.latencyP50Ms)}</td>
                <td className="py-2 pr-3 text-right">{latency(s.latencyP95Ms)}</td>
                <td className="py-2 pr-3 text-right">{int(s.tokensInPer1k)}</td>
                <td className="py-2 pr-3 text-right">{int(s.tokensOutPer1k)}</td>
                <td className="py-2 pr-3 text-right">{usd(s.costPer1k)}</td>
                <td className="py-2 pr-3 text-right">{int(s.wordsCharged)}</td>
                <td className="py-2 text-right">{usd(s.costPer1kCharged)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
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
                <Badge variant="outline" title={r.reason}>
                  {fallbackLabel(r.reason)} <span className="tabular-nums">× {r.count}</span>
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">
          Model drafts set aside by the checks:{' '}
          <span className="tabular-nums" data-testid={`engine-set-aside-total-${w.label}`}>
            {int(w.setAsideDrafts)}
          </span>
        </h3>
        {w.setAsideReasons.length === 0 ? (
          <p className="text-sm text-muted-foreground">No draft was set aside in this window.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" data-testid={`engine-set-aside-${w.label}`}>
            {w.setAsideReasons.map((r) => (
              <li key={r.reason}>
                <Badge variant="outline" title={r.reason}>
                  {SET_ASIDE_LABEL[r.reason] ?? r.reason} <span className="tabular-nums">× {r.count}</span>
                </Badge>
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm text-muted-foreground">
          Rewrites whose best-scoring draft was set aside because it changed the meaning:{' '}
          <span className="tabular-nums">{int(w.guardRejected)}</span>
        </p>
      </div>
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
