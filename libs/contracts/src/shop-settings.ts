// The shop's own receipt, the tenders its till offers, its printers, and its label sheets: shapes shared by the
// settings service, catalog, the till and the settings screens.
import type { Currency } from './money.js';
import type { TaxMode } from './pricing.js';
import { TENDER_METHODS, type TenderMethod } from './tenders.js';

/** Thermal paper widths a shop may print on, in millimetres. */
export const PAPER_WIDTHS = [58, 80] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];

/** The printable width of each paper in printer dots (203 dpi heads): the receipt image is rendered at this width. */
export const PRINTER_DOTS: Record<PaperWidth, number> = { 58: 384, 80: 576 };

/** The parts of a receipt a shop may leave off. */
export const RECEIPT_FIELDS = ['customer', 'cashier', 'points', 'rate', 'invoiceBarcode'] as const;
export type ReceiptField = (typeof RECEIPT_FIELDS)[number];

/** The logo: small, and one of three kinds (an SVG is rasterised by the server and kept as PNG). */
export const LOGO_MAX_BYTES = 200 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

/** Texts the shop types for its receipt. */
export const RECEIPT_TEXT_MAX = 300;

/** The tenders a till may offer: cash in each currency, then the other methods (ids as in TENDER_METHODS). */
export const TILL_TENDERS = ['cash:USD', 'cash:IQD', ...TENDER_METHODS.filter((m) => m !== 'cash')] as const;
export type TillTender = (typeof TILL_TENDERS)[number];

export function isTillTender(value: unknown): value is TillTender {
  return typeof value === 'string' && (TILL_TENDERS as readonly string[]).includes(value);
}

/** A till tender as a method and, for cash, the currency handed over. */
export function tillTenderMethod(tender: TillTender): { method: TenderMethod; currency: Currency | null } {
  if (tender === 'cash:USD') return { method: 'cash', currency: 'USD' };
  if (tender === 'cash:IQD') return { method: 'cash', currency: 'IQD' };
  return { method: tender, currency: null };
}

export interface BilingualText {
  en: string;
  ku: string;
}

/** A register's ESC/POS printer on the shop's network (raw TCP, usually port 9100). */
export interface RegisterPrinterDto {
  branchId: string;
  registerId: string;
  host: string;
  port: number;
}

/** GET/PUT /api/settings/receipts */
export interface ReceiptSettingsDto {
  storeName: string;
  address: string;
  phone: string;
  /** Printed as typed (a tax registration number). */
  taxNumber: string;
  header: BilingualText;
  footer: BilingualText;
  fields: Record<ReceiptField, boolean>;
  paperWidth: PaperWidth;
  /** The stored logo (GET /api/settings/receipts/logo?v=version), or null. */
  logo: { version: string; type: 'image/png' | 'image/jpeg' } | null;
  printers: RegisterPrinterDto[];
  updatedAt: string | null;
}

/** GET/PUT /api/settings/payments */
export interface PaymentSettingsDto {
  /** In the order the till shows them; at least one. */
  tenders: TillTender[];
  /** The card terminal's name printed beside a card payment ('' for none). */
  cardTerminalName: string;
  updatedAt: string | null;
}

/** GET /api/settings/till: what an open till follows (answered 304 while its ETag holds). */
export interface TillSettingsDto {
  receipt: ReceiptSettingsDto;
  payments: PaymentSettingsDto;
  /** The shop's tax: its rate (percent, 0: none) and whether it is included in prices or added to them. */
  tax: TillTaxDto;
}

export interface TillTaxDto {
  rate: number;
  mode: TaxMode;
}

export const DEFAULT_RECEIPT_FIELDS: Record<ReceiptField, boolean> = {
  customer: true,
  cashier: true,
  points: true,
  rate: true,
  invoiceBarcode: false,
};

/** Events: the receipt settings (with the printers) or the payment settings changed. */
export interface ReceiptSettingsChangedData {
  settings: Omit<ReceiptSettingsDto, 'updatedAt'>;
  changed: string[];
}
export interface PaymentSettingsChangedData {
  settings: Omit<PaymentSettingsDto, 'updatedAt'>;
  changed: string[];
}

/** POST /api/print: a rendered document (the receipt as the screen shows it) to the register's printer. */
export interface PrintRequestDto {
  register: string;
  /** A self-contained HTML document: inline styles and data: images only; nothing is fetched while it renders. */
  html: string;
  /** A cash sale or a cash-in/out opens the drawer on the printer's kick port. */
  openDrawer: boolean;
}

/** The largest document /api/print takes (the HTML of a long receipt with its logo inline). */
export const PRINT_HTML_MAX = 1024 * 1024;

// --- label sheets

export const LABEL_LAYOUTS = {
  'a4-3x8': { kind: 'sheet', columns: 3, rows: 8, widthMm: 70, heightMm: 37 },
  'a4-4x10': { kind: 'sheet', columns: 4, rows: 10, widthMm: 52.5, heightMm: 29.7 },
  'roll-58': { kind: 'roll', columns: 1, rows: 1, widthMm: 58, heightMm: 40 },
} as const satisfies Record<string, { kind: 'sheet' | 'roll'; columns: number; rows: number; widthMm: number; heightMm: number }>;
export type LabelLayout = keyof typeof LABEL_LAYOUTS;
export const LABEL_LAYOUT_IDS = Object.keys(LABEL_LAYOUTS) as LabelLayout[];

/** The name a layout goes by: its sheet and the size of one sticker. */
export function labelLayoutName(layout: LabelLayout): string {
  const l = LABEL_LAYOUTS[layout];
  const size = `${l.widthMm} × ${l.heightMm} mm`;
  return l.kind === 'roll' ? `${l.widthMm} mm roll (${size})` : `A4, ${l.columns} × ${l.rows} (${size})`;
}

/** POST /api/products/label-sheets */
export interface LabelSheetRequestDto {
  ids: string[];
  layout: LabelLayout;
  names: ('en' | 'ku')[];
  currencies: Currency[];
  /** Progress of this PDF can be read at GET /api/products/label-sheets/:exportId. */
  exportId?: string;
}

export interface LabelSheetProgressDto {
  state: 'reading' | 'barcodes' | 'rendering' | 'done' | 'failed';
  done: number;
  total: number;
}

/** GET /internal/settings/exchange-rate/:userId (between services): the rate a user's sales record, and whether it is the user's own. */
export interface UserExchangeRateDto {
  exchangeRate: number;
  isUserSpecific: boolean;
}

/** GET /internal/settings/shop (between services): what other services need of the shop's general settings. */
export interface ShopFactsDto {
  storeName: string;
  exchangeRate: number;
  iqdCashRounding: number;
}
