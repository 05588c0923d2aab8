import ExcelJS from 'exceljs';
import { neutralizeCsvCell, PRODUCT_IMPORT_HEADERS as H } from '@dukan/contracts';

export interface LabelRow {
  name_en: string;
  name_ku: string;
  sku: string;
  barcode: string | null;
  price_cents: number;
}

/** The import reads these columns back (see PRODUCT_IMPORT_HEADERS). */
export const LABEL_HEADERS = [H.nameEn, H.nameKu, H.sku, H.barcode, H.price] as const;

/**
 * One row per label for a label printer's software: UTF-8 with a byte-order mark (so spreadsheet programs
 * show Kurdish), every text cell neutralised against formula injection, prices with two decimals.
 */
export async function labelsCsv(products: LabelRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('labels');
  sheet.addRow([...LABEL_HEADERS]);
  for (const p of products) {
    sheet.addRow(
      [p.name_en, p.name_ku, p.sku, p.barcode ?? '', (p.price_cents / 100).toFixed(2)].map((cell) => neutralizeCsvCell(String(cell))),
    );
  }
  const out = await workbook.csv.writeBuffer({ formatterOptions: { writeBOM: true } });
  return Buffer.from(out as ArrayBuffer);
}
