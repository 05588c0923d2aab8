import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  LOGO_MAX_BYTES,
  type PaperWidth,
  type PaymentSettingsDto,
  type ReceiptSettingsDto,
  type RegisterPrinterDto,
  type TillSettingsDto,
} from '@dukan/contracts';
import { audit, DomainError, logger, Outbox, type Chromium, type RequestContext } from '@dukan/platform';
import { SETTINGS_CHROMIUM } from '../config.js';
import { SettingsService } from '../general/settings.service.js';
import { rasteriseSvg } from './logo-raster.js';
import type { UpdatePaymentSettingsDto, UpdateReceiptSettingsDto, UploadLogoDto } from './receipts.dto.js';
import { changedFields, logoVersion, orderedTenders, receiptFields, sniffImage } from './receipts.policy.js';

interface ReceiptRow {
  address: string;
  phone: string;
  tax_number: string;
  header_en: string;
  header_ku: string;
  footer_en: string;
  footer_ku: string;
  fields: unknown;
  paper_width: number;
  tenders: string[];
  card_terminal_name: string;
  receipt_updated_at: Date | null;
  payments_updated_at: Date | null;
  store_name: string;
  logo_type: 'image/png' | 'image/jpeg' | null;
  logo_version: string | null;
}

const RECEIPT_ROW = `SELECT r.*, g.store_name, l.content_type AS logo_type, l.version AS logo_version
                       FROM receipt_settings r CROSS JOIN general_settings g LEFT JOIN receipt_logo l ON l.id = 1
                      WHERE r.id = 1 AND g.id = 1`;

/**
 * The shop's receipt (its details, texts, printed fields, paper, logo and the registers' printers) and the tenders
 * its till offers. Every change is audited and announced; an open till follows them through GET /api/settings/till.
 */
@Injectable()
export class ReceiptsService {
  constructor(
    private readonly ds: DataSource,
    private readonly outbox: Outbox,
    private readonly general: SettingsService,
    @Inject(SETTINGS_CHROMIUM) private readonly chromium: Chromium,
  ) {}

  async receipt(m: EntityManager = this.ds.manager): Promise<ReceiptSettingsDto> {
    const [row]: ReceiptRow[] = await m.query(RECEIPT_ROW);
    return this.toReceipt(row!, await this.printers(m));
  }

  async payments(m: EntityManager = this.ds.manager): Promise<PaymentSettingsDto> {
    const [row]: ReceiptRow[] = await m.query(RECEIPT_ROW);
    return this.toPayments(row!);
  }

  async till(): Promise<TillSettingsDto> {
    return this.ds.transaction('REPEATABLE READ', async (m) => ({
      receipt: await this.receipt(m),
      payments: await this.payments(m),
      tax: await this.general.tax(m),
    }));
  }

  async updateReceipt(ctx: RequestContext, dto: UpdateReceiptSettingsDto): Promise<ReceiptSettingsDto> {
    return this.ds.transaction(async (m) => {
      await m.query(`SELECT id FROM receipt_settings WHERE id = 1 FOR UPDATE`);
      const before = await this.receipt(m);
      // The store name is a general setting (the manifest and the exports name the shop by it): changed, audited and announced there.
      if (dto.storeName !== undefined && dto.storeName !== before.storeName)
        await this.general.updateIn(m, ctx, { storeName: dto.storeName });
      const sets: [string, unknown][] = [];
      if (dto.address !== undefined) sets.push(['address', dto.address]);
      if (dto.phone !== undefined) sets.push(['phone', dto.phone]);
      if (dto.taxNumber !== undefined) sets.push(['tax_number', dto.taxNumber]);
      if (dto.header) sets.push(['header_en', dto.header.en], ['header_ku', dto.header.ku]);
      if (dto.footer) sets.push(['footer_en', dto.footer.en], ['footer_ku', dto.footer.ku]);
      if (dto.fields) sets.push(['fields', JSON.stringify(receiptFields(dto.fields))]);
      if (dto.paperWidth !== undefined) sets.push(['paper_width', dto.paperWidth]);
      if (sets.length > 0) {
        await m.query(
          `UPDATE receipt_settings SET ${sets.map(([c], i) => `${c} = $${i + 1}`).join(', ')} WHERE id = 1`,
          sets.map(([, v]) => v),
        );
      }
      if (dto.printers) await this.setPrinters(m, dto.printers);
      return this.announceReceipt(m, ctx, before);
    });
  }

  async updatePayments(ctx: RequestContext, dto: UpdatePaymentSettingsDto): Promise<PaymentSettingsDto> {
    return this.ds.transaction(async (m) => {
      await m.query(`SELECT id FROM receipt_settings WHERE id = 1 FOR UPDATE`);
      const before = await this.payments(m);
      const tenders = dto.tenders ? orderedTenders(dto.tenders) : before.tenders;
      if (tenders.length === 0) throw DomainError.validation({ tenders: 'payments.noTender' });
      await m.query(`UPDATE receipt_settings SET tenders = $1, card_terminal_name = $2 WHERE id = 1`, [
        tenders,
        dto.cardTerminalName ?? before.cardTerminalName,
      ]);
      const after = await this.payments(m);
      const { updatedAt: _b, ...was } = before;
      const { updatedAt: _a, ...now } = after;
      const changed = changedFields(was, now);
      if (changed.length === 0) return after;
      await m.query(`UPDATE receipt_settings SET payments_updated_at = now() WHERE id = 1`);
      await audit(m, ctx, 'settings.payments-changed', { type: 'settings', id: 'payments' }, { changed, before: was, after: now });
      await this.outbox.add(m, ctx, 'dukan.settings.payments.changed.v1', { settings: now, changed });
      return this.payments(m);
    });
  }

  /** The logo checked by its bytes (whatever it claims to be), an SVG drawn to PNG, kept by the server. */
  async setLogo(ctx: RequestContext, dto: UploadLogoDto): Promise<ReceiptSettingsDto> {
    const bytes = Buffer.from(dto.data.replace(/^data:[^,]*,/, ''), 'base64');
    const maxKb = Math.round(LOGO_MAX_BYTES / 1024);
    if (bytes.length > LOGO_MAX_BYTES) throw DomainError.validation({ data: { key: 'receipts.logoTooLarge', params: { max: maxKb } } });
    const kind = sniffImage(bytes);
    if (!kind || kind !== dto.type) throw DomainError.validation({ data: 'receipts.logoType' });
    let stored: Buffer = bytes;
    let type: 'image/png' | 'image/jpeg' = kind === 'image/jpeg' ? 'image/jpeg' : 'image/png';
    if (kind === 'image/svg+xml') {
      stored = await rasteriseSvg(this.chromium, bytes).catch((err: unknown) => {
        logger().info({ err }, 'an SVG logo could not be drawn');
        throw DomainError.validation({ data: 'receipts.logoUnreadable' });
      });
      type = 'image/png';
    }
    const version = logoVersion(stored);
    return this.ds.transaction(async (m) => {
      await m.query(`SELECT id FROM receipt_settings WHERE id = 1 FOR UPDATE`);
      const before = await this.receipt(m);
      await m.query(
        `INSERT INTO receipt_logo (id, content_type, bytes, version) VALUES (1, $1, $2, $3)
         ON CONFLICT (id) DO UPDATE SET content_type = EXCLUDED.content_type, bytes = EXCLUDED.bytes, version = EXCLUDED.version`,
        [type, stored, version],
      );
      return this.announceReceipt(m, ctx, before, { logo: { uploadedAs: kind, bytes: stored.length } });
    });
  }

  async removeLogo(ctx: RequestContext): Promise<ReceiptSettingsDto> {
    return this.ds.transaction(async (m) => {
      await m.query(`SELECT id FROM receipt_settings WHERE id = 1 FOR UPDATE`);
      const before = await this.receipt(m);
      await m.query(`DELETE FROM receipt_logo WHERE id = 1`);
      return this.announceReceipt(m, ctx, before);
    });
  }

  async logo(): Promise<{ type: string; bytes: Buffer; version: string }> {
    const [row]: { content_type: string; bytes: Buffer; version: string }[] = await this.ds.query(
      `SELECT content_type, bytes, version FROM receipt_logo WHERE id = 1`,
    );
    if (!row) throw DomainError.notFound('entities.logo');
    return { type: row.content_type, bytes: row.bytes, version: row.version };
  }

  /** The printer a register in a branch prints to, or null. */
  async printerOf(branchId: string, registerId: string): Promise<{ host: string; port: number } | null> {
    const [row]: { printer_host: string | null; printer_port: number | null }[] = await this.ds.query(
      `SELECT printer_host, printer_port FROM registers WHERE branch_id = $1 AND id = $2`,
      [branchId, registerId],
    );
    if (!row) throw new DomainError('NOT_FOUND', 'registers.unknown');
    return row.printer_host ? { host: row.printer_host, port: row.printer_port ?? 9100 } : null;
  }

  async paperWidth(): Promise<PaperWidth> {
    const [row]: { paper_width: number }[] = await this.ds.query(`SELECT paper_width FROM receipt_settings WHERE id = 1`);
    return row?.paper_width === 58 ? 58 : 80;
  }

  private async announceReceipt(
    m: EntityManager,
    ctx: RequestContext,
    before: ReceiptSettingsDto,
    details: Record<string, unknown> = {},
  ): Promise<ReceiptSettingsDto> {
    const after = await this.receipt(m);
    const { updatedAt: _b, ...was } = before;
    const { updatedAt: _a, ...now } = after;
    const changed = changedFields(was, now);
    if (changed.length === 0) return after;
    await m.query(`UPDATE receipt_settings SET receipt_updated_at = now() WHERE id = 1`);
    await audit(
      m,
      ctx,
      'settings.receipt-changed',
      { type: 'settings', id: 'receipts' },
      {
        changed,
        before: Object.fromEntries(changed.map((k) => [k, was[k as keyof typeof was]])),
        after: Object.fromEntries(changed.map((k) => [k, now[k as keyof typeof now]])),
        ...details,
      },
    );
    await this.outbox.add(m, ctx, 'dukan.settings.receipt.changed.v1', { settings: now, changed });
    return this.receipt(m);
  }

  private async setPrinters(m: EntityManager, printers: NonNullable<UpdateReceiptSettingsDto['printers']>): Promise<void> {
    const known: { branch_id: string; id: string }[] = await m.query(`SELECT branch_id, id FROM registers`);
    const seen = new Set<string>();
    for (const [i, p] of printers.entries()) {
      const key = `${p.branchId}/${p.registerId}`;
      if (!known.some((r) => r.branch_id === p.branchId && r.id === p.registerId) || seen.has(key)) {
        throw DomainError.validation({ [`printers.${i}.registerId`]: 'receipts.printerRegister' });
      }
      seen.add(key);
    }
    await m.query(`UPDATE registers SET printer_host = NULL, printer_port = NULL`);
    for (const p of printers) {
      await m.query(`UPDATE registers SET printer_host = $3, printer_port = $4 WHERE branch_id = $1 AND id = $2`, [
        p.branchId,
        p.registerId,
        p.host,
        p.port,
      ]);
    }
  }

  private async printers(m: EntityManager): Promise<RegisterPrinterDto[]> {
    const rows: { branch_id: string; id: string; printer_host: string; printer_port: number }[] = await m.query(
      `SELECT r.branch_id, r.id, r.printer_host, r.printer_port FROM registers r JOIN branches b ON b.id = r.branch_id
        WHERE r.printer_host IS NOT NULL ORDER BY b.position, r.branch_id, r.position, r.id`,
    );
    return rows.map((r) => ({ branchId: r.branch_id, registerId: r.id, host: r.printer_host, port: r.printer_port }));
  }

  private toReceipt(row: ReceiptRow, printers: RegisterPrinterDto[]): ReceiptSettingsDto {
    return {
      storeName: row.store_name,
      address: row.address,
      phone: row.phone,
      taxNumber: row.tax_number,
      header: { en: row.header_en, ku: row.header_ku },
      footer: { en: row.footer_en, ku: row.footer_ku },
      fields: receiptFields(row.fields),
      paperWidth: row.paper_width === 58 ? 58 : 80,
      logo: row.logo_type && row.logo_version ? { type: row.logo_type, version: row.logo_version } : null,
      printers,
      updatedAt: row.receipt_updated_at ? row.receipt_updated_at.toISOString() : null,
    };
  }

  private toPayments(row: ReceiptRow): PaymentSettingsDto {
    return {
      tenders: orderedTenders(row.tenders),
      cardTerminalName: row.card_terminal_name,
      updatedAt: row.payments_updated_at ? row.payments_updated_at.toISOString() : null,
    };
  }
}
