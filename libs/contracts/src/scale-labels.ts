// Scale labels: the EAN-13 "variable measure" barcodes a shop's scale prints (GS1 restricted prefixes 20-29, or 02).
// A shop's rule says which prefixes are scale labels, how many digits of item code follow, whether the label
// carries a weight (grams) or a price (minor units of the shop's label currency), and whether an inner check digit
// guards that figure. Layout: prefix, item code, [inner check digit], value, EAN-13 check digit = 13 digits.
import { ean13CheckDigit } from './constants.js';
import type { MessageKey } from './messages.js';
import type { Currency } from './money.js';

export type ScaleLabelValue = 'weight' | 'price';

/** The shop's scale-label rule, kept by settings. */
export interface ScaleLabelRule {
  /** Whether the till reads scale labels at all. */
  enabled: boolean;
  /** One prefix ("2", "28", "02") or a range of equal length ("20-29"). */
  prefix: string;
  /** Digits of the item code (the product's scale code) after the prefix. */
  codeDigits: number;
  /** What the value digits hold: the weight in grams, or the price in minor units of `currency`. */
  value: ScaleLabelValue;
  /** Whether a check digit for the value stands before it (the GS1 price/weight check digit). */
  valueCheckDigit: boolean;
  /** The currency of a price label (cents for USD, whole dinars for IQD). */
  currency: Currency;
}

/** A new shop's rule: off; when turned on, prefix 20-29 + 5-digit item code + 5-digit weight in grams + check. */
export const DEFAULT_SCALE_LABEL_RULE: ScaleLabelRule = {
  enabled: false,
  prefix: '20-29',
  codeDigits: 5,
  value: 'weight',
  valueCheckDigit: false,
  currency: 'IQD',
};

export type ScaleLabelRefusal = 'layout' | 'checkDigit' | 'valueCheckDigit';

export type ScaleLabel =
  { ok: true; itemCode: string; value: ScaleLabelValue; amount: number; currency: Currency } | { ok: false; error: ScaleLabelRefusal };

const PREFIX = /^(\d{1,3})(?:-(\d{1,3}))?$/;

/** The prefixes of a rule as [from, to] strings of the same length; null when the text is not one. */
export function scalePrefixRange(prefix: string): { from: string; to: string } | null {
  const m = PREFIX.exec(prefix.trim());
  if (!m) return null;
  const from = m[1]!;
  const to = m[2] ?? from;
  if (to.length !== from.length || to < from) return null;
  return { from, to };
}

/** Digits of the value a rule leaves: 13 less the prefix, the code, the inner check digit and the final check digit. */
export function scaleValueDigits(rule: Pick<ScaleLabelRule, 'prefix' | 'codeDigits' | 'valueCheckDigit'>): number {
  const range = scalePrefixRange(rule.prefix);
  return 12 - (range?.from.length ?? 0) - rule.codeDigits - (rule.valueCheckDigit ? 1 : 0);
}

/** Why a rule cannot be used (a field's message key), or null when it can: 4 or 5 value digits, 1-3 prefix digits. */
export function scaleRuleProblem(rule: ScaleLabelRule): { field: keyof ScaleLabelRule; key: MessageKey } | null {
  if (!scalePrefixRange(rule.prefix)) return { field: 'prefix', key: 'settings.scalePrefixInvalid' };
  if (!Number.isInteger(rule.codeDigits) || rule.codeDigits < 1) return { field: 'codeDigits', key: 'settings.scaleLayoutInvalid' };
  const valueDigits = scaleValueDigits(rule);
  if (valueDigits < 4 || valueDigits > 5) return { field: 'codeDigits', key: 'settings.scaleLayoutInvalid' };
  return null;
}

// GS1 weighting factors for the check digit of a price or weight field (General Specifications 7.9.3).
const W2M = [0, 2, 4, 6, 8, 9, 1, 3, 5, 7]; // 2-
const W3 = [0, 3, 6, 9, 2, 5, 8, 1, 4, 7]; // 3
const W5P = [0, 5, 1, 6, 2, 7, 3, 8, 4, 9]; // 5+
const W5M = [0, 5, 9, 4, 8, 3, 7, 2, 6, 1]; // 5-

/** The GS1 check digit of a 4- or 5-digit price/weight field. */
export function valueCheckDigit(value: string): number {
  const d = [...value].map(Number);
  if (d.length === 4) {
    const sum = W2M[d[0]!]! + W2M[d[1]!]! + W3[d[2]!]! + W5M[d[3]!]!;
    return (sum * 3) % 10;
  }
  const sum = W5P[d[0]!]! + W2M[d[1]!]! + W5M[d[2]!]! + W5P[d[3]!]! + W2M[d[4]!]!;
  const target = (10 - (sum % 10)) % 10;
  return W5M.indexOf(target);
}

/** An item code as the catalogue compares it: digits, leading zeros dropped ("00123" and "123" are one code). */
export function scaleItemKey(code: string): string {
  const digits = code.trim();
  if (!/^\d{1,13}$/.test(digits)) return '';
  return digits.replace(/^0+(?=\d)/, '');
}

/**
 * Reads a scanned code by the shop's rule. `layout`: not a scale label of this shop (another barcode: look it up as
 * one); `checkDigit` / `valueCheckDigit`: a scale label misread or mistyped, to be refused.
 */
export function parseScaleLabel(code: string, rule: ScaleLabelRule): ScaleLabel {
  const range = scalePrefixRange(rule.prefix);
  const text = code.trim();
  if (!rule.enabled || !range || scaleRuleProblem(rule) || !/^\d{13}$/.test(text)) return { ok: false, error: 'layout' };
  const p = range.from.length;
  const head = text.slice(0, p);
  if (head < range.from || head > range.to) return { ok: false, error: 'layout' };
  if (ean13CheckDigit(text.slice(0, 12)) !== Number(text[12])) return { ok: false, error: 'checkDigit' };
  const itemCode = text.slice(p, p + rule.codeDigits);
  let at = p + rule.codeDigits;
  const inner = rule.valueCheckDigit ? Number(text[at++]) : null;
  const valueText = text.slice(at, 12);
  if (inner !== null && valueCheckDigit(valueText) !== inner) return { ok: false, error: 'valueCheckDigit' };
  return { ok: true, itemCode, value: rule.value, amount: Number(valueText), currency: rule.currency };
}

/** A label for the given fields (tests, and a shop printing its own): the inverse of parseScaleLabel. */
export function buildScaleLabel(prefix: string, itemCode: string, valueText: string, withValueCheck: boolean): string {
  const body = prefix + itemCode + (withValueCheck ? String(valueCheckDigit(valueText)) : '') + valueText;
  return body + String(ean13CheckDigit(body));
}

/** Grams as the till shows and takes them: kilograms with 3 decimals ("1.250", "١٫٢٥"); null for anything else. */
export function gramsFromKg(text: string): number | null {
  const ascii = text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
  const m = /^\s*(\d{1,4})(?:[.,\u066b](\d{0,3}))?\s*$/.exec(ascii);
  if (!m) return null;
  const grams = Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0'));
  return grams > 0 ? grams : null;
}

/** Grams as kilograms with 3 decimals. */
export function kgText(grams: number): string {
  return (grams / 1000).toFixed(3);
}
