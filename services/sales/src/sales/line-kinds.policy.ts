// How each line of a sale is sold: by the unit, as packs, by weight, or from a scale label; pure, table-tested.
import { parseScaleLabel, scaleItemKey, type Currency, type MessageKey, type ScaleLabelRule } from '@dukan/contracts';
import type { FieldErrors } from './pricing.policy.js';
import type { ProductRow } from './sale-store.js';

export const MAX_UNITS_PER_LINE = 10_000;
export const MAX_GRAMS_PER_LINE = 1_000_000;

export interface ItemAsSent {
  quantity: number;
  pack?: string;
  scaleLabel?: string;
}

/** A line as it is priced and stocked. */
export interface SoldLine {
  /** The price of one of `quantity` (a unit, a pack, a kilogram, or the label's price), in `priceCurrency`'s minor unit. */
  priceMinor: number;
  priceCurrency: Currency;
  /** Units, packs, grams (weighed), or 1 (a price label). */
  quantity: number;
  /** Price per kg, quantity in grams. */
  weighed: boolean;
  /** Stock units each of the quantity takes. */
  unitsPerQuantity: number;
  packId: string | null;
}

const LABEL_ERRORS = {
  layout: 'sales.scaleLabelInvalid',
  checkDigit: 'sales.scaleLabelCheckDigit',
  valueCheckDigit: 'sales.scaleLabelCheckDigit',
} as const satisfies Record<string, MessageKey>;

/**
 * Each item against its product: a pack must be one of the product's; a weighed product's quantity is grams (up to
 * 1,000 kg), anything else at most 10,000; a scale label must be a label of the shop's rule, with right check digits,
 * naming this product's scale code; a weight label's grams are the line's quantity, a price label sells one at the
 * printed price (a weighed product's stock taking the grams that price buys at its price per kg).
 */
export function soldLines(
  items: readonly ItemAsSent[],
  products: readonly ProductRow[],
  rule: ScaleLabelRule | null,
): { lines: SoldLine[]; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const lines = items.map((item, i): SoldLine => {
    const p = products[i]!;
    const own = { priceMinor: Number(p.price_minor), priceCurrency: p.price_currency };
    const weighed = p.sold_by === 'weight';
    if (item.scaleLabel !== undefined) {
      const label = rule ? parseScaleLabel(item.scaleLabel, rule) : ({ ok: false, error: 'layout' } as const);
      if (!label.ok) {
        errors[`items.${i}.scaleLabel`] = { key: LABEL_ERRORS[label.error] };
        return { ...own, quantity: item.quantity, weighed, unitsPerQuantity: 1, packId: null };
      }
      if (!p.scale_code || scaleItemKey(label.itemCode) !== p.scale_code) {
        errors[`items.${i}.scaleLabel`] = { key: 'sales.scaleLabelUnknown', params: { code: label.itemCode } };
        return { ...own, quantity: item.quantity, weighed, unitsPerQuantity: 1, packId: null };
      }
      if (label.value === 'weight') {
        if (!weighed) errors[`items.${i}.scaleLabel`] = { key: 'sales.scaleLabelNotWeighed' };
        else if (item.quantity !== label.amount || label.amount < 1) errors[`items.${i}.quantity`] = { key: 'sales.weighedQuantity' };
        return { ...own, quantity: label.amount, weighed: true, unitsPerQuantity: 1, packId: null };
      }
      if (item.quantity !== 1) errors[`items.${i}.quantity`] = { key: 'sales.unitQuantity' };
      // A price label of a weighed product: stock takes the grams that price buys (same currency: exact ratio).
      const grams =
        weighed && own.priceCurrency === label.currency && own.priceMinor > 0
          ? Math.max(1, Math.round((label.amount * 1000) / own.priceMinor))
          : 1;
      return {
        priceMinor: label.amount,
        priceCurrency: label.currency,
        quantity: 1,
        weighed: false,
        unitsPerQuantity: grams,
        packId: null,
      };
    }
    if (item.pack !== undefined) {
      const pack = (p.packs ?? []).find((k) => k.pack_id === item.pack);
      if (!pack) errors[`items.${i}.pack`] = { key: 'sales.packUnknown' };
      if (item.quantity > MAX_UNITS_PER_LINE) errors[`items.${i}.quantity`] = { key: 'sales.unitQuantity' };
      return pack
        ? {
            priceMinor: Number(pack.price_minor),
            priceCurrency: pack.price_currency,
            quantity: item.quantity,
            weighed: false,
            unitsPerQuantity: pack.units,
            packId: pack.pack_id,
          }
        : { ...own, quantity: item.quantity, weighed: false, unitsPerQuantity: 1, packId: null };
    }
    if (weighed) {
      if (item.quantity > MAX_GRAMS_PER_LINE) errors[`items.${i}.quantity`] = { key: 'sales.weighedQuantity' };
      return { ...own, quantity: item.quantity, weighed: true, unitsPerQuantity: 1, packId: null };
    }
    if (item.quantity > MAX_UNITS_PER_LINE) errors[`items.${i}.quantity`] = { key: 'sales.unitQuantity' };
    return { ...own, quantity: item.quantity, weighed: false, unitsPerQuantity: 1, packId: null };
  });
  return { lines, errors };
}
