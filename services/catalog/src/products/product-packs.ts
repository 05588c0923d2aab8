import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { scaleItemKey, toCents, type MessageKey, type ProductPackEventData } from '@dukan/contracts';
import { DomainError, rows } from '@dukan/platform';
import type { ProductPackInputDto } from './product.dto.js';

export interface PackFields {
  soldBy?: 'unit' | 'weight';
  scaleCode?: string | null;
  packs?: ProductPackInputDto[];
}

interface PackRow {
  id: string;
  barcode: string;
  units: number;
  price_cents: string;
  price_iqd: string | null;
}

const taken = (field: string, key: MessageKey) => new DomainError('DUPLICATE_BARCODE', key, {}, { [field]: { key } });

/** How a product is sold (by the unit or by weight), its scale code, and its packs: checked and written with the product. */
@Injectable()
export class ProductPacks {
  /**
   * Writes the fields the form sent, in the product's transaction (its row locked or just made). Returns the packs as
   * events carry them when the list was given or their prices changed, else undefined (replicas keep theirs).
   */
  async apply(m: EntityManager, productId: string, dto: PackFields, priceInDinars: boolean): Promise<ProductPackEventData[] | undefined> {
    const [current] = await rows<{ sold_by: 'unit' | 'weight' }>(m, `SELECT sold_by FROM products WHERE id = $1`, [productId]);
    const soldBy = dto.soldBy ?? current?.sold_by ?? 'unit';
    if (dto.soldBy !== undefined || dto.scaleCode !== undefined) {
      const code = dto.scaleCode === undefined ? undefined : dto.scaleCode ? scaleItemKey(dto.scaleCode) || null : null;
      if (code) {
        const [clash] = await rows(m, `SELECT 1 FROM products WHERE scale_code = $1 AND deleted_at IS NULL AND id <> $2`, [
          code,
          productId,
        ]);
        if (clash) throw taken('scaleCode', 'products.scaleCodeTaken');
      }
      await m.query(`UPDATE products SET sold_by = $2, scale_code = CASE WHEN $4 THEN $3 ELSE scale_code END WHERE id = $1`, [
        productId,
        soldBy,
        code ?? null,
        code !== undefined,
      ]);
    }
    if (soldBy === 'weight' && (dto.packs?.length ?? (await this.count(m, productId))) > 0)
      throw DomainError.validation({ packs: 'products.packsNotWeighed' });
    if (dto.packs === undefined) {
      if (priceInDinars) return undefined;
      // A product now priced in dollars (a client that changes only the price) sells its packs at their own
      // dollar prices, which every pack has, not at the dinar prices they had with the product.
      const cleared = await rows(
        m,
        `UPDATE product_packs SET price_iqd = NULL WHERE product_id = $1 AND price_iqd IS NOT NULL RETURNING id`,
        [productId],
      );
      return cleared.length > 0 ? this.forEvent(m, productId) : undefined;
    }
    const packs = dto.packs;
    const fields: Record<string, MessageKey> = {};
    const seen = new Set<string>();
    packs.forEach((p, i) => {
      if (seen.has(p.barcode)) fields[`packs.${i}.barcode`] = 'products.packBarcodeRepeated';
      seen.add(p.barcode);
      if (priceInDinars && (p.priceIqd === undefined || p.priceIqd === null)) fields[`packs.${i}.priceIqd`] = 'validation.required';
    });
    if (Object.keys(fields).length > 0) throw DomainError.validation(fields);
    const codes = packs.map((p) => p.barcode);
    if (codes.length > 0) {
      const clashes = await rows<{ barcode: string }>(
        m,
        `SELECT barcode FROM products WHERE barcode = ANY($1::text[]) AND deleted_at IS NULL
         UNION ALL SELECT barcode FROM product_packs WHERE barcode = ANY($1::text[]) AND product_id <> $2`,
        [codes, productId],
      );
      if (clashes.length > 0) {
        const i = codes.indexOf(clashes[0]!.barcode);
        throw taken(`packs.${i}.barcode`, 'products.packBarcodeTaken');
      }
    }
    await m.query(`DELETE FROM product_packs WHERE product_id = $1`, [productId]);
    if (packs.length === 0) return [];
    const col = <T>(f: (p: ProductPackInputDto) => T) => packs.map(f);
    const made = await rows<PackRow>(
      m,
      `INSERT INTO product_packs (product_id, position, barcode, units, price_cents, price_iqd, name_en, name_ku)
       SELECT $1, n, barcode, units, price_cents, price_iqd, name_en, name_ku
         FROM unnest($2::text[], $3::int[], $4::bigint[], $5::bigint[], $6::text[], $7::text[]) WITH ORDINALITY
           AS t(barcode, units, price_cents, price_iqd, name_en, name_ku, n)
       RETURNING id, barcode, units, price_cents, price_iqd`,
      [
        productId,
        col((p) => p.barcode),
        col((p) => p.units),
        col((p) => toCents(p.price)),
        col((p) => (priceInDinars ? (p.priceIqd ?? null) : null)),
        col((p) => p.name?.en ?? ''),
        col((p) => p.name?.ku ?? ''),
      ],
    );
    return made.map(packEvent);
  }

  /** The product's packs as events carry them. */
  async forEvent(m: EntityManager, productId: string): Promise<ProductPackEventData[]> {
    return (
      await rows<PackRow>(
        m,
        `SELECT id, barcode, units, price_cents, price_iqd FROM product_packs WHERE product_id = $1 ORDER BY position`,
        [productId],
      )
    ).map(packEvent);
  }

  /** Whether a barcode is one of a pack's (a product's own barcode may not be). */
  async isPackBarcode(m: EntityManager, barcode: string): Promise<boolean> {
    const [hit] = await rows(m, `SELECT 1 FROM product_packs WHERE barcode = $1`, [barcode]);
    return Boolean(hit);
  }

  private async count(m: EntityManager, productId: string): Promise<number> {
    const [{ n }] = await rows<{ n: number }>(m, `SELECT count(*)::int AS n FROM product_packs WHERE product_id = $1`, [productId]);
    return n;
  }
}

function packEvent(r: PackRow): ProductPackEventData {
  const iqd = r.price_iqd === null ? null : Number(r.price_iqd);
  return {
    packId: r.id,
    barcode: r.barcode,
    units: r.units,
    priceCents: Number(r.price_cents),
    priceCurrency: iqd === null ? 'USD' : 'IQD',
    priceMinor: iqd ?? Number(r.price_cents),
  };
}
