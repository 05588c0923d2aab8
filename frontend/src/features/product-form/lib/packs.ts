/** A product's packs and how it is sold, as the product form holds and sends them. */
import { isValidAmount, toCents } from '@dukan/contracts';
import { parseDecimal, parseWhole, westernDigits } from './typed-numbers.js';

/** One pack as typed: its barcode, units, price in dollars and (for a dinar product) in dinars, and its name. */
export interface PackValues {
  barcode: string;
  units: string;
  price: string;
  priceIqd: string;
  nameEn: string;
  nameKu: string;
}

export const EMPTY_PACK: PackValues = { barcode: '', units: '12', price: '', priceIqd: '', nameEn: '', nameKu: '' };

/** A pack as the API sends it. */
export interface PackLike {
  barcode: string;
  units: number;
  price: number;
  priceIqd: number | null;
  name?: { en?: string; ku?: string };
}

export function packValues(packs: readonly PackLike[] | undefined): PackValues[] {
  return (packs ?? []).map((p) => ({
    barcode: p.barcode,
    units: String(p.units),
    price: (toCents(p.price) / 100).toFixed(2),
    priceIqd: p.priceIqd === null || p.priceIqd === undefined ? '' : String(p.priceIqd),
    nameEn: p.name?.en ?? '',
    nameKu: p.name?.ku ?? '',
  }));
}

/** Whether a typed pack can be sent: a barcode, at least 2 units, a price (and a whole dinar price, when given). */
export function packProblem(p: PackValues, dinars: boolean): boolean {
  const units = parseWhole(p.units);
  if (!westernDigits(p.barcode) || units === null || units < 2 || !isValidAmount(parseDecimal(p.price), 'price')) return true;
  if (dinars && parseWhole(p.priceIqd) === null) return true;
  return p.priceIqd.trim() !== '' && parseWhole(p.priceIqd) === null;
}

export function packsPayload(packs: readonly PackValues[], dinars: boolean) {
  return packs.map((p) => ({
    barcode: westernDigits(p.barcode),
    units: parseWhole(p.units) ?? 2,
    price: toCents(parseDecimal(p.price) ?? 0) / 100,
    ...(dinars ? { priceIqd: parseWhole(p.priceIqd) ?? 0 } : {}),
    name: { en: p.nameEn.trim(), ku: p.nameKu.trim() },
  }));
}
