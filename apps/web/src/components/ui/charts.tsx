/** Small dependency-free SVG charts (admin overview, account usage): a few hundred points at most. */
import { useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { cn } from '@/lib/utils';

/** A UTC calendar day (YYYY-MM-DD) as a short axis label, e.g. "Nov 22". */
export function shortUtcDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export interface Point {
  label: string;
  value: number;
}

const W = 600;
const H = 160;
/** Axis figures in CSS pixels: the drawing is laid out in the chart's own rendered width, so they stay readable. */
const FONT_PX = 12;
const PAD = { top: 12, right: 8, bottom: 24, left: 44 };

/**
 * The chart's width in CSS pixels once laid out (600 before that, and where ResizeObserver is missing). The
 * drawing uses it as its coordinate width, so one unit is one pixel: text keeps its size on a phone instead of
 * shrinking with a scaled-down picture.
 */
function useWidth(ref: RefObject<SVGSVGElement | null>): number {
  const [width, setWidth] = useState(W);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const w = Math.round(el.getBoundingClientRect().width);
      if (w > 0) setWidth(w);
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}

/** A round top for the axis whose half is a whole number too: these charts count whole things. */
function niceMax(v: number): number {
  if (v <= 2) return 2;
  const mag = 10 ** Math.floor(Math.log10(v));
  const step = [2, 4, 6, 8, 10].find((s) => s * mag >= v) ?? 10;
  return step * mag;
}

export interface BarChartProps {
  points: Point[];
  /** The chart's accessible name. */
  title: string;
  className?: string;
  color?: string;
  /** Appended to each bar's tooltip value, e.g. 'words'. */
  unit?: string;
}

/** An axis figure short enough for the left margin at any size: 8,000, 60k, 1.5M. */
export function axisLabel(n: number): string {
  const short = (x: number): string => String(Math.round(x * 10) / 10);
  if (n >= 1_000_000) return `${short(n / 1_000_000)}M`;
  if (n >= 10_000) return `${short(n / 1000)}k`;
  return Math.round(n).toLocaleString('en-US');
}

/** One bar per point with a light scale on the left; each bar carries its own tooltip. */
export function BarChart({ points, title, className, color = 'var(--color-primary)', unit }: BarChartProps) {
  const titleId = useId();
  const ref = useRef<SVGSVGElement>(null);
  const width = useWidth(ref);
  // As tall as the 600 x 160 picture scaled to the width, and never less than 160 px.
  const height = Math.max(H, Math.round((width * H) / W));
  const max = niceMax(Math.max(0, ...points.map((p) => p.value)));
  const innerW = width - PAD.left - PAD.right;
  const innerH = height - PAD.top - PAD.bottom;
  const slot = points.length ? innerW / points.length : innerW;
  const barW = Math.max(1, slot * 0.7);
  // Day labels ("Nov 22") about 64 px apart at most, and at least one in six.
  const every = Math.max(1, Math.ceil(points.length / 6), Math.ceil(64 / slot));
  return (
    <svg
      ref={ref}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby={titleId}
      className={cn('h-auto w-full', className)}
    >
      <title id={titleId}>{title}</title>
      {[0, 0.5, 1].map((f) => {
        const y = PAD.top + innerH * (1 - f);
        return (
          <g key={f}>
            <line x1={PAD.left} x2={width - PAD.right} y1={y} y2={y} stroke="currentColor" strokeOpacity={0.12} />
            <text
              x={PAD.left - 6}
              y={y + 4}
              textAnchor="end"
              fontSize={FONT_PX}
              fill="currentColor"
              fillOpacity={0.7}
              data-axis="y"
            >
              {axisLabel(max * f)}
            </text>
          </g>
        );
      })}
      {points.map((p, i) => {
        const h = (p.value / max) * innerH;
        const x = PAD.left + i * slot + (slot - barW) / 2;
        return (
          <g key={p.label}>
            <rect x={x} y={PAD.top + innerH - h} width={barW} height={h} rx={1.5} fill={color}>
              <title>{`${p.label}: ${p.value.toLocaleString('en-US')}${unit ? ` ${unit}` : ''}`}</title>
            </rect>
            {i % every === 0 && (
              <text
                x={x + barW / 2}
                y={height - 6}
                textAnchor="middle"
                fontSize={FONT_PX}
                fill="currentColor"
                fillOpacity={0.7}
                data-axis="x"
              >
                {p.label}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** Horizontal bars for a handful of categories (subscribers per tier). */
export function CategoryBars({ points, title }: { points: Point[]; title: string }) {
  const max = Math.max(1, ...points.map((p) => p.value));
  return (
    <ul className="grid gap-3" aria-label={title}>
      {points.map((p) => (
        <li key={p.label} className="grid grid-cols-[4.5rem_1fr_3rem] items-center gap-3 text-sm">
          <span className="font-medium">{p.label}</span>
          <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="h-3 w-full" aria-hidden="true">
            <rect x={0} y={0} width={100} height={10} rx={2} fill="currentColor" fillOpacity={0.08} />
            <rect x={0} y={0} width={(p.value / max) * 100} height={10} rx={2} fill="var(--color-primary)" />
          </svg>
          <span className="text-right tabular-nums">{p.value.toLocaleString('en-US')}</span>
        </li>
      ))}
    </ul>
  );
}
