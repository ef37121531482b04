import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { TForecastSite } from '../../../shared/contracts/coverage-forecast';
import { CHART_COLOURS, type ChartColours } from './chart-colours';
import { dayLabel, deviationLine, hours } from './forecast-view';

/**
 * One site's forecast drawn by uPlot (decision 100): available hours solid, the minimum as a step line, default
 * hours thin, "if approved" dashed; holidays as a shaded band lettered H, shortfall days as a triangle under the
 * day. The numbers are in the data table beside it; this canvas is hidden from screen readers, whose summary is
 * the figure's caption.
 */

export const CHART_DRAWN_MARK = 'capacity-chart-drawn';
const HEIGHT = 260;
/** A phone’s card is 270 px wide at 320 px: the chart takes its width (decision 115), and scrolls sideways only below this. */
const MIN_WIDTH = 240;
/** Below this width the x axis names every second week: weekly names ran into each other. */
const NARROW = 480;

const isDark = () => document.documentElement.classList.contains('dark');

function options(site: TForecastSite, dates: readonly string[], width: number, c: ChartColours): uPlot.Options {
  const markers = (u: uPlot) => {
    const ctx = u.ctx;
    const { top, width: w, height: h } = u.bbox;
    const dayWidth = w / Math.max(1, dates.length - 1);
    const px = devicePixelRatio || 1;
    ctx.save();
    ctx.font = `${11 * px}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    site.holiday.forEach((name, i) => {
      if (name === null) return;
      const x = u.valToPos(i, 'x', true);
      ctx.fillStyle = c.holidayBand;
      ctx.fillRect(x - dayWidth / 2, top, dayWidth, h);
      ctx.fillStyle = c.text;
      ctx.fillText('H', x, top + 12 * px);
    });
    site.shortHours.forEach((short, i) => {
      if (short <= 0) return;
      const x = u.valToPos(i, 'x', true);
      const y = top + h - 2 * px;
      ctx.fillStyle = c.short;
      ctx.beginPath();
      ctx.moveTo(x, y - 9 * px);
      ctx.lineTo(x - 5 * px, y);
      ctx.lineTo(x + 5 * px, y);
      ctx.closePath();
      ctx.fill();
    });
    ctx.restore();
  };
  const axis = { stroke: c.text, grid: { stroke: c.grid, width: 1 }, ticks: { stroke: c.grid, width: 1 } };
  return {
    width,
    height: HEIGHT,
    scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.08)] } },
    legend: { show: true },
    cursor: { drag: { x: false, y: false } },
    axes: [
      {
        ...axis,
        splits: (u: uPlot) => dates.map((_, i) => i).filter((i) => i % (u.width < NARROW ? 14 : 7) === 0),
        values: (_u, splits) => splits.map((i) => dayLabel(dates[i]).slice(4)),
      },
      { ...axis, size: 56, values: (_u, splits) => splits.map((v) => `${v} h`) },
    ],
    series: [
      { label: 'Day', value: (_u, i) => (i === null || dates[i] === undefined ? '' : dayLabel(dates[i])) },
      { label: 'Available', stroke: c.available, width: 2.5, points: { show: false }, value: (_u, v) => (v === null ? '–' : hours(v)) },
      {
        label: 'Required',
        stroke: c.required,
        width: 2,
        paths: uPlot.paths.stepped!({ align: 1 }),
        points: { show: false },
        value: (_u, v) => (v === null ? 'none' : hours(v)),
      },
      { label: 'Default', stroke: c.default, width: 1, points: { show: false }, value: (_u, v) => (v === null ? '–' : hours(v)) },
      {
        label: 'If approved',
        stroke: c.ifApproved,
        width: 2,
        dash: [6, 4],
        points: { show: false },
        // The line is drawn only where it differs; the legend reads the day's own figure.
        value: (_u, _v, _s, i) => (i === null ? '–' : hours(site.ifApprovedHours[i])),
      },
    ],
    hooks: {
      draw: [
        (u) => {
          markers(u);
          performance.mark(CHART_DRAWN_MARK);
        },
      ],
    },
  };
}

const dataOf = (site: TForecastSite, dates: readonly string[]): uPlot.AlignedData => [
  dates.map((_, i) => i),
  site.availableHours,
  site.requiredHours,
  site.defaultHours,
  deviationLine(site.availableHours, site.ifApprovedHours),
];

export function ForecastChart({ site, dates }: { site: TForecastSite; dates: readonly string[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = () => Math.max(MIN_WIDTH, el.clientWidth);
    let chart = new uPlot(options(site, dates, width(), CHART_COLOURS[isDark() ? 'dark' : 'light']), dataOf(site, dates), el);
    const resize = new ResizeObserver(() => chart.setSize({ width: width(), height: HEIGHT }));
    resize.observe(el);
    // The theme lives on <html>: a switch redraws with the other colours.
    const theme = new MutationObserver(() => {
      chart.destroy();
      chart = new uPlot(options(site, dates, width(), CHART_COLOURS[isDark() ? 'dark' : 'light']), dataOf(site, dates), el);
    });
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => {
      resize.disconnect();
      theme.disconnect();
      chart.destroy();
    };
  }, [site, dates]);
  return <div ref={box} className="capacity-chart text-foreground" />;
}
