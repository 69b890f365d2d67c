import type { EngineOverview } from '@plainspoken/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { usd } from './format';
import { ScrollTable } from '@/components/ui/scroll-table';

/** The model's cost per 1,000 words beside each plan's price. */
export function CostCard({ o }: { o: EngineOverview }) {
  const cost = o.windows.month.all.costPer1k;
  const charged = o.windows.month.all.costPer1kCharged;
  const priced = o.prices.inPerMillion > 0 || o.prices.outPerMillion > 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Cost and plan margins</CardTitle>
        <CardDescription>
          Model cost at {usd(o.prices.inPerMillion, 2)} per million prompt tokens and {usd(o.prices.outPerMillion, 2)}{' '}
          per million completion tokens (HUMANIZER_LLM_PRICE_IN / _OUT){priced ? '' : '; set them to see a cost'}. Over
          the last 30 days: <strong data-testid="engine-cost-30d">{usd(cost)}</strong> per 1,000 words processed, and{' '}
          <strong data-testid="engine-cost-30d-charged">{usd(charged)}</strong> per 1,000 words charged (free results
          cost the model too, so margins are taken on charged words).
        </CardDescription>
      </CardHeader>
      <CardContent className="min-w-0">
        <ScrollTable label="Cost and margin per plan">
          <table className="w-full min-w-[520px] text-sm" data-testid="engine-margins">
            <thead className="text-left text-muted-foreground">
              <tr className="border-b">
                <th className="py-2 pr-3 font-medium">Plan</th>
                <th className="py-2 pr-3 text-right font-medium">Price / 1k words</th>
                <th className="py-2 pr-3 text-right font-medium">Model cost / 1k words charged</th>
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
                  <td className="py-2 pr-3 text-right">{usd(charged)}</td>
                  <td className="py-2 pr-3 text-right">{usd(p.marginPer1k, 3)}</td>
                  <td className="py-2 text-right">{p.marginPct == null ? '–' : `${p.marginPct.toFixed(1)}%`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
        <p className="mt-3 text-xs text-muted-foreground">
          A plan's price per 1,000 words assumes its whole monthly allowance is used; lighter use raises the margin.
        </p>
      </CardContent>
    </Card>
  );
}
