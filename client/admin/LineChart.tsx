// A line chart the project draws in SVG (the revenue dashboard): axes with labels, the figure named for screen
// readers (title and description), and read point by point with the arrow keys (the value said in a live region). The
// numbers behind it are always in a table beside it.
import { type KeyboardEvent, useId, useState } from "react";

export type ChartPoint = { label: string; value: number; note: string };

const W = 640;
const H = 220;
const PAD = { left: 72, right: 12, top: 12, bottom: 28 };

/** Round steps for the value axis: 4 ticks from 0 to a tidy maximum. */
function ticks(max: number): number[] {
  const raw = Math.max(1, max) / 4;
  const step = 10 ** Math.floor(Math.log10(raw));
  const nice = [1, 2, 2.5, 5, 10].map((m) => m * step).find((s) => s >= raw) ?? raw;
  return [0, 1, 2, 3, 4].map((i) => i * nice);
}

export function LineChart({
  title,
  description,
  help,
  points,
  formatValue,
  xLabels,
}: {
  title: string;
  description: string;
  help: string;
  points: readonly ChartPoint[];
  formatValue: (v: number) => string;
  /** Indexes of the points that label the time axis (the first day of each month). */
  xLabels: readonly number[];
}) {
  const id = useId();
  const [focused, setFocused] = useState<number | null>(null);
  const yTicks = ticks(Math.max(0, ...points.map((p) => p.value)));
  const top = yTicks[yTicks.length - 1] || 1;
  const x = (i: number) => PAD.left + (i * (W - PAD.left - PAD.right)) / Math.max(1, points.length - 1);
  const y = (v: number) => H - PAD.bottom - (v / top) * (H - PAD.top - PAD.bottom);
  const path = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(" ");
  const onKey = (e: KeyboardEvent) => {
    if (!points.length) return;
    const last = points.length - 1;
    const moves: Record<string, number> = {
      ArrowLeft: Math.max(0, (focused ?? 1) - 1),
      ArrowRight: Math.min(last, (focused ?? -1) + 1),
      Home: 0,
      End: last,
    };
    if (!(e.key in moves)) return;
    e.preventDefault();
    setFocused(moves[e.key]);
  };
  const current = focused === null ? null : points[focused];
  const chart = (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the figure is read point by point with the arrow keys.
      tabIndex={0}
      onKeyDown={onKey}
      onBlur={() => setFocused(null)}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{`${description} ${help}`}</desc>
      {yTicks.map((t) => (
        <g key={t} className="chart-tick">
          <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} />
          <text x={PAD.left - 6} y={y(t)} textAnchor="end" dominantBaseline="middle">
            {formatValue(t)}
          </text>
        </g>
      ))}
      {xLabels.map((i) => (
        <text key={i} className="chart-x" x={x(i)} y={H - 8} textAnchor="middle">
          {points[i]?.label.slice(0, 7)}
        </text>
      ))}
      <line className="chart-axis" x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={H - PAD.bottom} />
      <line className="chart-axis" x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} />
      <path className="chart-line" d={path} />
      {current && focused !== null && <circle className="chart-focus" cx={x(focused)} cy={y(current.value)} r={5} />}
    </svg>
  );
  return (
    <figure className="line-chart">
      {chart}
      <figcaption className="muted" aria-live="polite">
        {current ? current.note : help}
      </figcaption>
    </figure>
  );
}
