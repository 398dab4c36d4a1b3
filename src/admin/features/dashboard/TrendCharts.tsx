import 'uplot/dist/uPlot.min.css';
import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import type { DashboardTrend } from '../../../lib/contract/dashboard.ts';
import { $staticData } from '../../../stores/ui.ts';
import kit from '../../kit/kit.module.css';
import styles from './dashboard.module.css';

/**
 * The dashboard's charts of the last days (uPlot, loaded only here). Each chart is drawn on a canvas
 * hidden from assistive technology; its figure says the same in words (a summary line) and in a
 * visually hidden table of every day.
 */

type Line = { label: string; values: number[]; color: string };

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** A design token of the current theme (global.css), for the canvas. */
const token = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

function Chart({ days, lines, label }: { days: string[]; lines: Line[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useStore($staticData).theme;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    void theme; // redrawn in the new theme's colours
    const text = token('--c-muted');
    const grid = token('--c-border');
    const integer = (_: uPlot, splits: number[]) => splits.map((v) => (Number.isInteger(v) ? String(v) : ''));
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const plot = new uPlot(
      {
        width: el.clientWidth,
        height: 220,
        scales: {
          x: { time: false },
          y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] },
        },
        series: [
          // Off the chart the legend shows the latest day (uPlot passes no index then), not dashes.
          { label: '日期', value: (_u, _v, _s, i) => days[i ?? days.length - 1] ?? '—' },
          ...lines.map((l) => ({
            label: l.label,
            stroke: token(l.color),
            width: 2,
            points: { size: 5 },
            value: (_u: uPlot, _v: number | null, _s: number, i: number | null) =>
              String(l.values[i ?? l.values.length - 1] ?? '—'),
          })),
        ],
        axes: [
          {
            ...axis,
            space: 56,
            values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? (days[i]?.slice(5) ?? '') : '')),
          },
          { ...axis, size: 44, values: integer },
        ],
        cursor: { drag: { x: false, y: false } },
      },
      [days.map((_, i) => i), ...lines.map((l) => l.values)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, lines, theme]);
  return (
    <>
      <div ref={box} className={styles.plot} aria-hidden="true" />
      <table className={kit.srOnly}>
        <caption>{label}（按天）</caption>
        <thead>
          <tr>
            <th scope="col">日期</th>
            {lines.map((l) => (
              <th key={l.label} scope="col">
                {l.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((d, i) => (
            <tr key={d}>
              <th scope="row">{d}</th>
              {lines.map((l) => (
                <td key={l.label}>{l.values[i]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function Figure(props: { id: string; title: string; summary: string; empty?: string; children: ReactNode }) {
  return (
    <figure className={styles.panel} aria-labelledby={props.id}>
      <figcaption>
        <h2 id={props.id} className={styles.panelTitle}>
          {props.title}
        </h2>
        <p className={styles.summary} data-chart-summary={props.id}>
          {props.empty ?? props.summary}
        </p>
      </figcaption>
      {!props.empty && props.children}
    </figure>
  );
}

export default function TrendCharts({ trend }: { trend: DashboardTrend }) {
  const n = trend.days.length;
  const last = (values: number[]) => values.at(-1) ?? 0;
  const busiest = trend.views.reduce((best, v, i) => (v > trend.views[best] ? i : best), 0);
  // The charts are drawn again only when the figures change (or the theme).
  const visits = useMemo<Line[]>(
    () => [
      { label: '浏览量', values: trend.views, color: '--c-primary' },
      { label: '访客数', values: trend.uniques, color: '--c-accent' },
    ],
    [trend],
  );
  const community = useMemo<Line[]>(
    () => [
      { label: '评论', values: trend.comments, color: '--c-success' },
      { label: '新用户', values: trend.users, color: '--c-danger' },
    ],
    [trend],
  );
  return (
    <div className={styles.charts}>
      <Figure
        id="dash-views"
        title={`近 ${n} 天的浏览与访客`}
        summary={`今日 ${last(trend.views)} 次浏览、${last(trend.uniques)} 位访客；近 ${n} 天共 ${sum(trend.views)} 次浏览，最多的一天是 ${trend.days[busiest]}（${trend.views[busiest]} 次）。`}
        empty={sum(trend.views) === 0 ? `近 ${n} 天还没有浏览记录` : undefined}
      >
        <Chart days={trend.days} lines={visits} label="浏览量与访客数" />
      </Figure>
      <Figure
        id="dash-community"
        title={`近 ${n} 天的评论与新用户`}
        summary={`今日 ${last(trend.comments)} 条评论、${last(trend.users)} 位新用户；近 ${n} 天共 ${sum(trend.comments)} 条评论、${sum(trend.users)} 位新用户。`}
        empty={sum(trend.comments) + sum(trend.users) === 0 ? `近 ${n} 天还没有新评论和新用户` : undefined}
      >
        <Chart days={trend.days} lines={community} label="评论数与新用户数" />
      </Figure>
    </div>
  );
}
