/**
 * A day-by-day line chart drawn by uPlot (docs/decisions/103): small, canvas,
 * maintained, and imported only by the reports page, so its code is in that
 * page's chunk alone. The canvas is hidden from screen readers: the card's
 * table says the same, and the figures above say the totals.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { valueTicks } from './value-ticks.ts';

export interface ChartSeries {
  label: string;
  values: readonly number[];
  /** The previous period's line: dashed and muted. */
  previous?: boolean;
  /** Lighter, for a second series of the same colour. */
  light?: boolean;
}

const HEIGHT = 220;

function withAlpha(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}

/**
 * `step`: the smallest difference two ticks of the value axis may have, in the
 * values' unit: 1 for counts, one unit of the currency (100 cents) for money
 * (value-ticks.ts).
 */
export function TimeChart({
  days,
  series,
  color,
  format,
  step,
}: {
  days: readonly string[];
  series: readonly ChartSeries[];
  color: string;
  format: (value: number) => string;
  step: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const x = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    const ticks = valueTicks(Math.max(0, ...series.flatMap((line) => line.values)), step);
    const plot = new uPlot(
      {
        width: Math.max(240, element.clientWidth),
        height: HEIGHT,
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        cursor: { points: { size: 6 } },
        legend: { show: true },
        scales: { x: { time: true }, y: { range: (): uPlot.Range.MinMax => [0, ticks.at(-1)!] } },
        axes: [
          { stroke: '#4a4766', grid: { show: false } },
          { stroke: '#4a4766', splits: () => ticks, values: (_plot, ticks) => ticks.map(format), size: 64, grid: { stroke: '#ece9f7' } },
        ],
        series: [
          { label: 'Day' },
          ...series.map((line) => ({
            label: line.label,
            stroke: line.previous ? '#8a86a3' : line.light ? withAlpha(color, 0.55) : color,
            width: 2,
            ...(line.previous ? { dash: [6, 4] } : {}),
            ...(!line.previous && !line.light ? { fill: withAlpha(color, 0.12) } : {}),
            value: (_plot: uPlot, value: number | null) => (value === null ? '–' : format(value)),
          })),
        ],
      },
      [x, ...series.map((line) => [...line.values])],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(240, element.clientWidth), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series, color, format, step]);
  return <div ref={box} className="time-chart" aria-hidden="true" />;
}
