import { translate } from '@dukan/contracts';
import { displayCell } from './cell-format.js';
import { chartSvg } from './charts-svg.js';
import { rowCount, type ReportDocument } from './report-document.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The report as one HTML page for Chromium to print on A4: the shop's name, the range, the summary cards, the
 * charts and the tables (each cut at `maxRows`, with a note saying where the full list is). Kurdish pages are
 * right to left, set in Noto Sans Arabic (fonts-noto-core).
 */
export function reportHtml(doc: ReportDocument, maxRows: number): string {
  const rtl = doc.locale === 'ku';
  const t = (key: string, params?: Record<string, string | number>) => translate(doc.locale, key, params);
  const show = (v: Parameters<typeof displayCell>[0], kind: Parameters<typeof displayCell>[1]) =>
    displayCell(v, kind, doc.currency, doc.locale, doc.timeZone);
  const generated = show(doc.generatedAt, 'datetime');
  const cards = doc.summary
    .map((s) => `<div class="card"><div class="label">${esc(s.label)}</div><div class="value">${esc(show(s.value, s.kind))}</div></div>`)
    .join('');
  const charts = doc.charts
    .filter((c) => c.points.length > 0)
    .map(
      (c) => `<figure><figcaption>${esc(c.title)}</figcaption>${chartSvg(c, rtl, (v) => show(v, c.money ? 'money' : 'number'))}</figure>`,
    )
    .join('');
  const tables = doc.tables
    .map((table) => {
      const head = table.columns.map((c) => `<th class="${c.kind === 'text' ? '' : 'num'}">${esc(c.label)}</th>`).join('');
      const body =
        table.rows.length === 0
          ? `<tr><td colspan="${table.columns.length}" class="empty">${esc(t('report.none'))}</td></tr>`
          : table.rows
              .slice(0, maxRows)
              .map(
                (r) =>
                  `<tr>${r
                    .map((v, i) => {
                      const kind = table.columns[i]!.kind;
                      return `<td class="${kind === 'text' ? '' : 'num'}">${esc(show(v, kind))}</td>`;
                    })
                    .join('')}</tr>`,
              )
              .join('');
      const total = rowCount(table);
      const shown = Math.min(maxRows, table.rows.length);
      const note =
        total > shown
          ? `<p class="note">${esc(t('report.firstRows', { n: show(shown, 'number'), total: show(total, 'number') }))}</p>`
          : '';
      return `<section><h2>${esc(table.title)}</h2><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>${note}</section>`;
    })
    .join('');
  const font = rtl ? `'Noto Sans Arabic', 'Noto Sans', sans-serif` : `'Noto Sans', 'Noto Sans Arabic', sans-serif`;
  return `<!doctype html>
<html lang="${rtl ? 'ckb' : 'en'}" dir="${rtl ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><title>${esc(doc.title)}</title>
<style>
  @page { size: A4; margin: 14mm 12mm 16mm; }
  * { box-sizing: border-box; }
  body { font-family: ${font}; font-size: 10pt; color: #1f2933; margin: 0; }
  header { border-block-end: 2px solid #0f766e; padding-block-end: 6px; margin-block-end: 10px; }
  h1 { font-size: 20pt; margin: 0; color: #0f766e; }
  header p { margin: 2px 0 0; color: #52606d; }
  .cards { display: grid; grid-template-columns: repeat(3, 1fr); gap: 6px; margin-block-end: 10px; }
  .card { border: 1px solid #d9e2ec; border-radius: 6px; padding: 6px 8px; }
  .card .label { color: #52606d; font-size: 8.5pt; }
  .card .value { font-size: 13pt; font-weight: 700; }
  figure { margin: 0 0 10px; break-inside: avoid; }
  figcaption, h2 { font-size: 11.5pt; font-weight: 700; margin: 8px 0 4px; }
  svg .bar { fill: #14b8a6; } svg .neg { fill: #ef4444; } svg .axis { stroke: #9aa5b1; stroke-width: 1; }
  svg text { font-family: ${font}; font-size: 9px; fill: #334e68; }
  table { width: 100%; border-collapse: collapse; font-size: 8.5pt; }
  thead { display: table-header-group; }
  th, td { border-block-end: 1px solid #e4e7eb; padding: 3px 4px; text-align: start; }
  th { background: #f0f4f8; }
  .num { text-align: end; white-space: nowrap; }
  tr { break-inside: avoid; }
  .note, .empty { color: #7b8794; font-size: 8pt; }
</style></head>
<body>
<header><h1>${esc(doc.title)}</h1><p>${esc(doc.storeName)} · ${esc(doc.rangeText)}</p>
<p>${esc(t('report.generated', { date: generated }))} · ${esc(t('report.currency', { currency: doc.currency }))}</p></header>
<div class="cards">${cards}</div>
${charts}
${tables}
</body></html>`;
}
