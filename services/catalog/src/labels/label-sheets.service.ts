import { Inject, Injectable } from '@nestjs/common';
import type { LabelSheetProgressDto, ShopFactsDto, UserExchangeRateDto } from '@dukan/contracts';
import { DomainError, logger, Replicas, type Chromium, type RequestContext } from '@dukan/platform';
import { CATALOG_CHROMIUM, CATALOG_CONFIG, type CatalogConfig } from '../config.js';
import { ProductQueries } from '../products/product-queries.js';
import type { LabelSheetDto } from './label-sheets.dto.js';
import { labelSheetHtml } from './label-sheet-html.js';

/** How long a finished PDF's progress can still be read. */
const KEEP_MS = 10 * 60_000;
/** PDFs made at once (each holds its labels' HTML and Chromium's work); more wait for a later try. */
const MAX_RUNNING = 2;

interface Tracked extends LabelSheetProgressDto {
  userId: string;
  at: number;
}

/**
 * Label sheets as PDF: the products in the order asked, priced in the caller's branch, with the caller's exchange
 * rate for dinars, drawn by Chromium. An `exportId` lets the screen follow it: reading, barcodes n of N, rendering, done.
 */
@Injectable()
export class LabelSheetsService {
  private readonly tracked = new Map<string, Tracked>();
  private running = 0;
  private readonly settings: Replicas;

  constructor(
    private readonly queries: ProductQueries,
    @Inject(CATALOG_CHROMIUM) private readonly chromium: Chromium,
    @Inject(CATALOG_CONFIG) private readonly config: CatalogConfig,
  ) {
    this.settings = new Replicas(config.SETTINGS_URL);
  }

  progress(ctx: RequestContext, id: string): LabelSheetProgressDto {
    const t = this.tracked.get(id);
    if (!t || t.userId !== ctx.user?.id) throw DomainError.notFound('entities.labelSheet');
    return { state: t.state, done: t.done, total: t.total };
  }

  async pdf(ctx: RequestContext, dto: LabelSheetDto, signal: AbortSignal): Promise<Buffer> {
    if (this.running >= MAX_RUNNING) throw DomainError.unavailable(5);
    this.running += 1;
    const ids = [...new Set(dto.ids)];
    const track = this.track(ctx, dto.exportId, ids.length);
    try {
      const [products, money] = await Promise.all([this.queries.forLabels(ids, ctx.branchId), this.money(ctx)]);
      track({ state: 'barcodes', done: 0, total: products.length });
      const html = labelSheetHtml(products, { ...dto, ...money }, (done) => {
        if (done % 250 === 0) track({ done });
      });
      track({ state: 'rendering', done: products.length });
      const pdf = await this.chromium.withPage(async (page) => {
        await page.setContent(html, { waitUntil: 'load', timeout: 60_000 });
        // Untagged: stickers need no accessibility tree, whose making took most of the printing time and size.
        return Buffer.from(await page.pdf({ preferCSSPageSize: true, printBackground: true, tagged: false, timeout: 120_000 }));
      }, signal);
      track({ state: 'done' });
      return pdf;
    } catch (err) {
      track({ state: 'failed' });
      throw err;
    } finally {
      this.running -= 1;
    }
  }

  /** The rate that applies to the caller and the shop's IQD cash rounding, as settings gives them now. */
  private async money(ctx: RequestContext): Promise<{ exchangeRate: number; iqdRounding: number }> {
    const ask = async <T>(path: string): Promise<T> => {
      const res = await this.settings.fetch(
        path,
        { headers: { 'x-dukan-internal': this.config.INTERNAL_TOKEN ?? '' }, signal: AbortSignal.timeout(5000) },
        true,
      );
      if (!res.ok) throw new Error(`settings answered ${res.status}`);
      return (await res.json()) as T;
    };
    try {
      const [rate, shop] = await Promise.all([
        ask<UserExchangeRateDto>(`/internal/settings/exchange-rate/${encodeURIComponent(ctx.actorId ?? '')}`),
        ask<Partial<ShopFactsDto>>('/internal/settings/shop'),
      ]);
      return { exchangeRate: rate.exchangeRate, iqdRounding: shop.iqdCashRounding ?? 1 };
    } catch (err) {
      logger().warn({ err }, 'settings did not give the exchange rate for labels');
      throw DomainError.unavailable();
    }
  }

  private track(ctx: RequestContext, id: string | undefined, total: number): (change: Partial<LabelSheetProgressDto>) => void {
    const now = Date.now();
    for (const [k, t] of this.tracked) if (now - t.at > KEEP_MS) this.tracked.delete(k);
    if (!id || !ctx.user) return () => undefined;
    const entry: Tracked = { state: 'reading', done: 0, total, userId: ctx.user.id, at: now };
    this.tracked.set(id, entry);
    return (change) => Object.assign(entry, change, { at: Date.now() });
  }
}
