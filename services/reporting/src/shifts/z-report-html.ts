import { CURRENCIES, formatMoney, translate, type Currency, type CurrencyAmounts, type Locale, type ShiftFigures } from '@dukan/contracts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface ZReportInput {
  number: number;
  storeName: string;
  register: string;
  cashierUsername: string;
  openedAt: Date;
  closedAt: Date;
  closedByUsername: string;
  approved: boolean;
  figures: ShiftFigures;
  timeZone: string;
}

/**
 * A closed shift's Z report as one HTML page for Chromium to print: sales by tender and currency, refunds, voids,
 * discounts, rounding, cash in and out, and the drawer (float, expected, counted, difference) in each currency on
 * its own. Kurdish pages are right to left, set in Noto Sans Arabic.
 */
export function zReportHtml(z: ZReportInput, locale: Locale): string {
  const rtl = locale === 'ku';
  const t = (key: string, params?: Record<string, string | number>) => esc(translate(locale, key, params));
  const money = (amount: number, c: Currency) => esc(formatMoney(amount, c, locale));
  const when = (d: Date) =>
    esc(
      new Intl.DateTimeFormat(rtl ? ['ckb-IQ', 'ar-IQ'] : 'en-GB', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: z.timeZone,
      }).format(d),
    );
  const f = z.figures;
  const row = (label: string, amounts: CurrencyAmounts | null, cls = '') =>
    `<tr class="${cls}"><th>${label}</th>${CURRENCIES.map((c) => `<td class="num">${amounts ? money(amounts[c], c) : '—'}</td>`).join('')}</tr>`;
  const sales =
    f.sales.length === 0
      ? `<tr><td colspan="4" class="empty">${t('zReport.none')}</td></tr>`
      : f.sales
          .map(
            (s) =>
              `<tr><td>${t(`zReport.method.${s.method}`)}</td><td>${s.currency}</td><td class="num">${esc(String(s.count))}</td><td class="num">${money(s.amountMinor, s.currency)}</td></tr>`,
          )
          .join('');
  const font = rtl ? `'Noto Sans Arabic', 'Noto Sans', sans-serif` : `'Noto Sans', 'Noto Sans Arabic', sans-serif`;
  const head = `<tr><th></th>${CURRENCIES.map((c) => `<th class="num">${c}</th>`).join('')}</tr>`;
  return `<!doctype html>
<html lang="${rtl ? 'ckb' : 'en'}" dir="${rtl ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><title>${t('zReport.title', { number: z.number })}</title>
<style>
  @page { size: A4; margin: 14mm 12mm 16mm; }
  body { font-family: ${font}; font-size: 10pt; color: #1f2933; margin: 0; }
  header { border-block-end: 2px solid #0f766e; padding-block-end: 6px; margin-block-end: 10px; }
  h1 { font-size: 18pt; margin: 0; color: #0f766e; }
  h2 { font-size: 11.5pt; margin: 12px 0 4px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 6px 0 0; }
  dt { color: #52606d; } dd { margin: 0; }
  table { width: 100%; border-collapse: collapse; font-size: 9.5pt; }
  th, td { border-block-end: 1px solid #e4e7eb; padding: 3px 4px; text-align: start; }
  thead th, tr:first-child th { background: #f0f4f8; }
  .num { text-align: end; white-space: nowrap; }
  .strong th, .strong td { font-weight: 700; }
  .empty { color: #7b8794; }
</style></head>
<body>
<header><h1>${t('zReport.title', { number: z.number })}</h1><p>${esc(z.storeName)}</p>
<dl>
<dt>${t('zReport.register')}</dt><dd>${esc(z.register)}</dd>
<dt>${t('zReport.cashier')}</dt><dd>${esc(z.cashierUsername)}</dd>
<dt>${t('zReport.opened')}</dt><dd>${when(z.openedAt)}</dd>
<dt>${t('zReport.closed')}</dt><dd>${when(z.closedAt)}</dd>
<dt>${t('zReport.closedBy')}</dt><dd>${esc(z.closedByUsername)}${z.approved ? ` · ${t('zReport.approved')}` : ''}</dd>
</dl></header>
<h2>${t('zReport.salesByTender')}</h2>
<table><thead><tr><th>${t('zReport.tender')}</th><th>${t('zReport.currency')}</th><th class="num">${t('zReport.count')}</th><th class="num">${t('zReport.amount')}</th></tr></thead>
<tbody>${sales}</tbody></table>
<h2>${t('zReport.movements')}</h2>
<table><tbody>${head}
${row(t('zReport.change'), f.change)}
${row(t('zReport.refunds', { count: f.refunds.count }), f.refunds.amount)}
${row(t('zReport.voids', { count: f.voids.count }), f.voids.amount)}
${row(t('zReport.discounts'), f.discounts)}
${row(t('zReport.rounding'), f.rounding)}
${row(t('zReport.cashIn'), f.cashIn)}
${row(t('zReport.cashOut'), f.cashOut)}
</tbody></table>
<h2>${t('zReport.drawer')}</h2>
<table><tbody>${head}
${row(t('zReport.float'), f.float)}
${row(t('zReport.expected'), f.expected, 'strong')}
${row(t('zReport.counted'), f.counted, 'strong')}
${row(t('zReport.difference'), f.difference, 'strong')}
</tbody></table>
</body></html>`;
}
