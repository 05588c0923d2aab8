import { cashStep, convertMinor, LABEL_LAYOUTS, roundCash, type Currency, type LabelLayout } from '@dukan/contracts';
import { barcodeSvg } from './label-barcode.js';

export interface LabelProduct {
  name_en: string;
  name_ku: string;
  sku: string;
  barcode: string | null;
  /** The dollar price, in cents. */
  price_cents: number;
  /** The price set in dinars, when the product is priced in dinars (then exact, not converted; a bigint: a string from the driver). */
  price_iqd: number | string | null;
}

export interface LabelSheetOptions {
  layout: LabelLayout;
  names: ('en' | 'ku')[];
  currencies: Currency[];
  /** IQD per USD (the caller's rate) and the dinars an IQD cash price is rounded to. */
  exchangeRate: number;
  iqdRounding: number;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The dinars a label asks, as the till asks them for the product paid alone in cash: its dinar price, or its dollar
 * price converted at the rate, rounded to the shop's cash step (the pricing module's rule).
 */
export function labelIqd(p: Pick<LabelProduct, 'price_cents' | 'price_iqd'>, rate: number, rounding: number): number {
  const iqd = p.price_iqd === null ? convertMinor(p.price_cents, 'USD', 'IQD', rate) : Number(p.price_iqd);
  return roundCash(iqd, cashStep('IQD', rounding));
}

/**
 * The labels as one HTML document for Chromium to print: A4 sheets whose stickers sit exactly on the layout's grid,
 * or one roll label per page. Each carries the name(s), the price(s) and the barcode with its digits beneath.
 * Every page and label is a fixed-size box contained on its own (`contain: strict`) and clipped with `overflow: clip`
 * (no scroll box each, as `hidden` makes): Chromium then lays out and paints thousands of labels in a fraction of the
 * time, which with the untagged PDF keeps 5,000 labels within seconds.
 */
export function labelSheetHtml(
  products: readonly LabelProduct[],
  o: LabelSheetOptions,
  onLabel: (done: number) => void = () => undefined,
): string {
  const l = LABEL_LAYOUTS[o.layout];
  const perPage = l.columns * l.rows;
  const sheet = l.kind === 'sheet';
  const pageW = sheet ? 210 : l.widthMm;
  const pageH = sheet ? 297 : l.heightMm;
  const marginX = (pageW - l.columns * l.widthMm) / 2;
  const marginY = (pageH - l.rows * l.heightMm) / 2;
  // Barcode height, name size and price size follow the sticker's height.
  const scale = l.heightMm / 37;
  // One formatter each for all the labels (as formatMoney formats, without making one per price).
  const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const iqd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'IQD', minimumFractionDigits: 0, maximumFractionDigits: 0 });
  const pages: string[] = [];
  let cells: string[] = [];
  products.forEach((p, i) => {
    const code = p.barcode || p.sku;
    const bars = barcodeSvg(code);
    const names = o.names
      .map((n) =>
        n === 'en'
          ? `<div class="name" dir="ltr">${escape(p.name_en)}</div>`
          : p.name_ku
            ? `<div class="name" dir="rtl" lang="ckb">${escape(p.name_ku)}</div>`
            : '',
      )
      .join('');
    const prices = o.currencies
      .map((c) =>
        c === 'USD'
          ? `<span>${escape(usd.format(p.price_cents / 100))}</span>`
          : `<span>${escape(iqd.format(labelIqd(p, o.exchangeRate, o.iqdRounding)))}</span>`,
      )
      .join('');
    cells.push(
      `<div class="label">${names}<div class="price">${prices}</div>${
        bars ? `<div class="code">${bars.svg}<div class="digits">${escape(code)}</div></div>` : `<div class="digits">${escape(code)}</div>`
      }</div>`,
    );
    if (cells.length === perPage || i === products.length - 1) {
      pages.push(`<section class="page">${cells.join('')}</section>`);
      cells = [];
    }
    onLabel(i + 1);
  });
  return `<!doctype html><html><head><meta charset="utf-8"><style>
@page { size: ${pageW}mm ${pageH}mm; margin: 0; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { font-family: 'Noto Sans', 'DejaVu Sans', sans-serif; color: #000; }
[dir='rtl'] { font-family: 'Noto Sans Arabic', 'Noto Naskh Arabic', sans-serif; }
.page { width: ${pageW}mm; height: ${pageH}mm; padding: ${marginY}mm ${marginX}mm; display: grid; overflow: clip; contain: strict;
  grid-template-columns: repeat(${l.columns}, ${l.widthMm}mm); grid-template-rows: repeat(${l.rows}, ${l.heightMm}mm); break-after: page; }
.page:last-child { break-after: auto; }
.label { overflow: clip; contain: strict; padding: ${(1.5 * scale).toFixed(2)}mm ${(2 * scale).toFixed(2)}mm; display: flex; flex-direction: column; align-items: center; justify-content: space-between; text-align: center; }
.name { font-size: ${(2.9 * scale).toFixed(2)}mm; line-height: 1.15; max-width: 100%; white-space: nowrap; overflow: clip; }
.price { font-weight: 700; font-size: ${(3.6 * scale).toFixed(2)}mm; display: flex; gap: 2mm; justify-content: center; }
.code { width: 100%; display: flex; flex-direction: column; align-items: center; }
.bars { display: block; width: 92%; height: ${(12 * scale).toFixed(2)}mm; }
.digits { font-size: ${(2.4 * scale).toFixed(2)}mm; letter-spacing: 0.3mm; }
</style></head><body>${pages.join('')}</body></html>`;
}
