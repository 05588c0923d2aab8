// Charts of the PDF as plain SVG (the page is printed by Chromium, which shapes Kurdish labels itself).
import type { Chart } from './report-document.js';

const W = 680;
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * Horizontal bars (a ranking) or columns (a series over time). Right to left, labels sit on the right and time
 * runs from right to left, as a Kurdish reader reads. `format` writes a value as the document does.
 */
export function chartSvg(chart: Chart, rtl: boolean, format: (v: number) => string): string {
  if (chart.points.length === 0) return '';
  return chart.kind === 'bars' ? bars(chart, rtl, format) : columns(chart, rtl, format);
}

function bars(chart: Chart, rtl: boolean, format: (v: number) => string): string {
  const row = 22;
  const labelW = 190;
  const valueW = 110;
  const area = W - labelW - valueW;
  const h = chart.points.length * row + 8;
  const top = Math.max(...chart.points.map((p) => p.value), 0) || 1;
  const items = chart.points.map((p, i) => {
    const y = 4 + i * row;
    const len = Math.max(0, (p.value / top) * area);
    const barX = rtl ? W - labelW - len : labelW;
    const labelX = rtl ? W - labelW + 8 : labelW - 8;
    const valueX = rtl ? W - labelW - len - 6 : labelW + len + 6;
    return (
      `<text x="${labelX}" y="${y + 15}" text-anchor="${rtl ? 'start' : 'end'}" class="lbl">${esc(clip(p.label, 30))}</text>` +
      `<rect x="${barX.toFixed(1)}" y="${y + 3}" width="${len.toFixed(1)}" height="${row - 8}" rx="2" class="bar"/>` +
      `<text x="${valueX.toFixed(1)}" y="${y + 15}" text-anchor="${rtl ? 'end' : 'start'}" class="val">${esc(format(p.value))}</text>`
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${h}" viewBox="0 0 ${W} ${h}" direction="ltr" role="img" aria-label="${esc(chart.title)}">${items.join('')}</svg>`;
}

function columns(chart: Chart, rtl: boolean, format: (v: number) => string): string {
  const h = 200;
  const axis = 28;
  const n = chart.points.length;
  const values = chart.points.map((p) => p.value);
  const hi = Math.max(...values, 0);
  const lo = Math.min(...values, 0);
  const span = hi - lo || 1;
  const plot = h - axis - 18;
  const zero = 10 + (hi / span) * plot;
  const step = (W - 20) / n;
  const x = (i: number) => (rtl ? W - 10 - (i + 1) * step : 10 + i * step);
  const cols = chart.points.map((p, i) => {
    const len = (Math.abs(p.value) / span) * plot;
    const y = p.value >= 0 ? zero - len : zero;
    return `<rect x="${(x(i) + step * 0.1).toFixed(2)}" y="${y.toFixed(1)}" width="${Math.max(step * 0.8, 0.5).toFixed(2)}" height="${len.toFixed(1)}" class="${p.value < 0 ? 'neg' : 'bar'}"/>`;
  });
  const first = chart.points[0]!.label;
  const last = chart.points[n - 1]!.label;
  const labels =
    `<text x="${rtl ? W - 10 : 10}" y="${h - 6}" text-anchor="${rtl ? 'end' : 'start'}" class="lbl">${esc(first)}</text>` +
    (n > 1 ? `<text x="${rtl ? 10 : W - 10}" y="${h - 6}" text-anchor="${rtl ? 'start' : 'end'}" class="lbl">${esc(last)}</text>` : '') +
    `<text x="${rtl ? W - 10 : 10}" y="12" text-anchor="${rtl ? 'end' : 'start'}" class="val">${esc(format(hi))}</text>` +
    `<line x1="10" x2="${W - 10}" y1="${zero.toFixed(1)}" y2="${zero.toFixed(1)}" class="axis"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${h}" viewBox="0 0 ${W} ${h}" direction="ltr" role="img" aria-label="${esc(chart.title)}">${cols.join('')}${labels}</svg>`;
}
