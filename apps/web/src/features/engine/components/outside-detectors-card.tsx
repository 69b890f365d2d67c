import type { EngineOverview } from '@plainspoken/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { usd } from './format';
import { ScrollTable } from '@/components/ui/scroll-table';

/** The outside AI detectors: key set or not, scans and cost this month. */
export function OutsideDetectorsCard({ rows }: { rows: NonNullable<EngineOverview['outside']> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Outside detectors</CardTitle>
        <CardDescription>
          Scans sent to each vendor this month (cached answers are not sent) and their cost at the price per call in
          OUTSIDE_DETECTOR_PRICES. A detector is on when its key is set.
        </CardDescription>
      </CardHeader>
      <CardContent className="min-w-0">
        <ScrollTable label="Outside detectors">
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
        </ScrollTable>
      </CardContent>
    </Card>
  );
}
