import type { DailyUsage } from '@plainspoken/shared';

const W = 600;
const H = 160;
const PAD_BOTTOM = 22;
const PAD_TOP = 8;

function shortDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** Words used per UTC day as plain SVG bars; each bar carries its own tooltip. */
export function UsageChart({ data }: { data: DailyUsage }) {
  const days = data.days;
  const max = Math.max(1, ...days.map((d) => d.words));
  const slot = W / Math.max(1, days.length);
  const bar = Math.max(2, slot * 0.7);
  const plotH = H - PAD_BOTTOM - PAD_TOP;
  const first = days[0];
  const last = days.at(-1);
  return (
    <figure className="grid gap-2">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-40 w-full"
        role="img"
        aria-label={`Words used per day over the last ${days.length} days: ${data.total.toLocaleString('en-US')} in total`}
        preserveAspectRatio="none"
      >
        <line x1={0} x2={W} y1={H - PAD_BOTTOM} y2={H - PAD_BOTTOM} className="stroke-border" strokeWidth={1} />
        {days.map((d, i) => {
          const h = d.words === 0 ? 0 : Math.max(2, (d.words / max) * plotH);
          return (
            <rect
              key={d.date}
              x={i * slot + (slot - bar) / 2}
              y={H - PAD_BOTTOM - h}
              width={bar}
              height={h}
              rx={2}
              className="fill-primary/80 hover:fill-primary"
            >
              <title>{`${shortDate(d.date)}: ${d.words.toLocaleString('en-US')} words`}</title>
            </rect>
          );
        })}
        {first && (
          <text x={0} y={H - 6} className="fill-muted-foreground text-[11px]">
            {shortDate(first.date)}
          </text>
        )}
        {last && (
          <text x={W} y={H - 6} textAnchor="end" className="fill-muted-foreground text-[11px]">
            {shortDate(last.date)}
          </text>
        )}
      </svg>
      {data.total === 0 && (
        <p className="text-center text-sm text-muted-foreground">No words used in the last {days.length} days yet.</p>
      )}
      <figcaption className="flex justify-between text-xs text-muted-foreground">
        <span>Peak day: {(data.total === 0 ? 0 : max).toLocaleString('en-US')} words</span>
        <span>{data.total.toLocaleString('en-US')} words in the last {days.length} days</span>
      </figcaption>
    </figure>
  );
}
