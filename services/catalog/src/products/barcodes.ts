import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainError, rows } from '@dukan/platform';
import { generatedBarcode, isGeneratedBarcode } from './product.policy.js';

/** Barcodes the shop prints itself: EAN-13 in the 9990001 range. */
@Injectable()
export class Barcodes {
  constructor(private readonly ds: DataSource) {}

  /** A new EAN-13 starting 9990001 that no product (live or deleted) carries. */
  async next(): Promise<string> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const [{ n }] = await rows<{ n: number }>(this.ds, `SELECT nextval('barcode_seq')::int AS n`);
      const code = generatedBarcode(n);
      const [used] = await rows(this.ds, `SELECT 1 FROM products WHERE barcode = $1 LIMIT 1`, [code]);
      if (!used) return code;
    }
    // The sequence keeps landing on used codes (many typed by hand): look for a gap once.
    const used = new Set(
      (await rows<{ barcode: string }>(this.ds, `SELECT barcode FROM products WHERE barcode LIKE '9990001%'`))
        .map((r) => r.barcode)
        .filter(isGeneratedBarcode),
    );
    for (let n = 0; n <= 99_999; n++) {
      const code = generatedBarcode(n);
      if (!used.has(code)) return code;
    }
    throw new DomainError('CONFLICT', 'products.barcodesExhausted');
  }
}
