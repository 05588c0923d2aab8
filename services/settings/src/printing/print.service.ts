import { Inject, Injectable } from '@nestjs/common';
import { PRINTER_DOTS } from '@dukan/contracts';
import { DomainError, logger, type Chromium, type RequestContext } from '@dukan/platform';
import { SETTINGS_CHROMIUM, SETTINGS_CONFIG, type SettingsConfig } from '../config.js';
import { ReceiptsService } from '../receipts/receipts.service.js';
import { pngToEscpos } from './escpos.js';
import { sendToNetworkPrinter } from './network-printer.js';
import type { PrintDocumentDto } from './print.dto.js';
import { renderDocument } from './receipt-image.js';

/**
 * Printing to the shop's ESC/POS printers: any rendered document (a receipt, later a Z report or a statement) laid
 * out by Chromium at the paper's dot width, sent as a raster image, so Kurdish prints exactly as the screen shapes it.
 */
@Injectable()
export class PrintService {
  constructor(
    private readonly receipts: ReceiptsService,
    @Inject(SETTINGS_CHROMIUM) private readonly chromium: Chromium,
    @Inject(SETTINGS_CONFIG) private readonly config: SettingsConfig,
  ) {}

  /** The ESC/POS bytes of a document, for a printer the desktop shell reaches (USB, or a network the server is not on). */
  async escpos(ctx: RequestContext, dto: PrintDocumentDto): Promise<Uint8Array> {
    await this.receipts.printerOf(ctx.branchId, dto.register); // the register must be one of the caller's branch
    return this.encode(dto);
  }

  /** The document to the printer of the caller's register; a printer that does not answer is the cashier's message. */
  async print(ctx: RequestContext, dto: PrintDocumentDto): Promise<{ printer: string; bytes: number }> {
    const printer = await this.receipts.printerOf(ctx.branchId, dto.register);
    if (!printer) throw new DomainError('PRINTER_UNAVAILABLE', 'print.noPrinter');
    const bytes = await this.encode(dto);
    const name = `${printer.host}:${printer.port}`;
    try {
      await sendToNetworkPrinter(printer.host, printer.port, bytes, this.config.PRINTER_TIMEOUT_MS);
    } catch (err) {
      logger().warn({ err, printer: name, register: dto.register, branch: ctx.branchId }, 'the printer did not take the document');
      throw new DomainError('PRINTER_UNAVAILABLE', 'print.printerUnreachable', { printer: name });
    }
    return { printer: name, bytes: bytes.length };
  }

  private async encode(dto: PrintDocumentDto): Promise<Uint8Array> {
    const widthDots = PRINTER_DOTS[await this.receipts.paperWidth()];
    const png = await renderDocument(this.chromium, dto.html, widthDots).catch((err: unknown) => {
      logger().warn({ err }, 'a document could not be rendered for the printer');
      throw new DomainError('PRINTER_UNAVAILABLE', 'print.renderFailed');
    });
    return pngToEscpos(png, { widthDots, openDrawer: dto.openDrawer });
  }
}
