import { formatCount, type DailyUsage } from '@plainspoken/shared';
import { BarChart, shortUtcDay } from '@/components/ui/charts';

/** Words used per UTC day as bars; each bar carries its own tooltip. */
export function UsageChart({ data }: { data: DailyUsage }) {
  const days = data.days;
  const max = Math.max(1, ...days.map((d) => d.words));
  return (
    <figure className="grid gap-2">
      <BarChart
        title={`Words used per day over the last ${days.length} days: ${formatCount(data.total)} in total`}
        points={days.map((d) => ({ label: shortUtcDay(d.date), value: d.words }))}
        unit="words"
      />
      {data.total === 0 && (
        <p className="text-center text-sm text-muted-foreground">No words used in the last {days.length} days yet.</p>
      )}
      <figcaption className="flex justify-between text-xs text-muted-foreground">
        <span>Peak day: {formatCount(data.total === 0 ? 0 : max)} words</span>
        <span>
          {formatCount(data.total)} words in the last {days.length} days
        </span>
      </figcaption>
    </figure>
  );
}
