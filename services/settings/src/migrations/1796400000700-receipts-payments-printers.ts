import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The shop's receipt (details, texts, printed fields, paper, logo), the tenders its till offers, a printer per register. */
export class ReceiptsPaymentsPrinters1796400000700 implements MigrationInterface {
  name = 'ReceiptsPaymentsPrinters1796400000700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE receipt_settings (
        id smallint PRIMARY KEY CHECK (id = 1),
        address text NOT NULL DEFAULT '',
        phone text NOT NULL DEFAULT '',
        tax_number text NOT NULL DEFAULT '',
        header_en text NOT NULL DEFAULT '',
        header_ku text NOT NULL DEFAULT '',
        footer_en text NOT NULL DEFAULT '',
        footer_ku text NOT NULL DEFAULT '',
        fields jsonb NOT NULL DEFAULT '{"customer":true,"cashier":true,"points":true,"rate":true,"invoiceBarcode":false}',
        paper_width smallint NOT NULL DEFAULT 80 CHECK (paper_width IN (58, 80)),
        tenders text[] NOT NULL DEFAULT '{cash:USD,cash:IQD,card}',
        card_terminal_name text NOT NULL DEFAULT '',
        receipt_updated_at timestamptz,
        payments_updated_at timestamptz
      )`);
    await q.query(`INSERT INTO receipt_settings (id) VALUES (1)`);
    // Kept apart so that reading the settings never reads the image.
    await q.query(`
      CREATE TABLE receipt_logo (
        id smallint PRIMARY KEY CHECK (id = 1),
        content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
        bytes bytea NOT NULL,
        version text NOT NULL
      )`);
    await q.query(
      `ALTER TABLE registers ADD COLUMN printer_host text, ADD COLUMN printer_port integer CHECK (printer_port BETWEEN 1 AND 65535)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE registers DROP COLUMN printer_port, DROP COLUMN printer_host`);
    await q.query(`DROP TABLE receipt_logo`);
    await q.query(`DROP TABLE receipt_settings`);
  }
}
