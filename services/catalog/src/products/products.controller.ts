import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { translate } from '@dukan/contracts';
import { Ctx, DomainError, UUID, type RequestContext } from '@dukan/platform';
import { labelsCsv } from './labels.js';
import {
  CreateProductDto,
  ExportLabelsDto,
  ExportLabelsQuery,
  MAX_LABELS,
  ListProductsQuery,
  PageQuery,
  ReceiveStockDto,
  SearchProductsQuery,
  UpdateProductDto,
} from './product.dto.js';
import { Barcodes } from './barcodes.js';
import { ProductCommands } from './product-commands.js';
import { ProductDelta } from './product-delta.js';
import { ProductQueries, type ListBody } from './product-queries.js';

@Controller('api/products')
export class ProductsController {
  constructor(
    private readonly queries: ProductQueries,
    private readonly commands: ProductCommands,
    private readonly barcodes: Barcodes,
    private readonly delta: ProductDelta,
  ) {}

  /** A JSON array (the till reads `?active=true&view=till`), `{data, pagination}` when `page` is given, the till's delta with `since`. */
  @Get()
  async list(@Ctx() ctx: RequestContext, @Query() q: ListProductsQuery, @Req() req: Request, @Res() res: Response) {
    if (q.page !== undefined) return res.json(await this.queries.listPage(ctx, q));
    if (q.since !== undefined) return sendBody(req, res, await this.delta.body(ctx, q.since));
    await sendBody(req, res, await this.queries.listBody(ctx, q));
  }

  @Get('generate-barcode')
  async generateBarcode() {
    return { success: true, barcode: await this.barcodes.next() };
  }

  @Get('export-barcodes')
  async exportBarcodes(@Query() q: ExportLabelsQuery, @Res() res: Response) {
    const ids = [
      ...new Set(
        q.ids
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    if (ids.length === 0) throw DomainError.validation({ ids: 'validation.required' });
    if (ids.length > MAX_LABELS) throw DomainError.validation({ ids: { key: 'validation.max', params: { max: MAX_LABELS } } });
    if (!ids.every((id) => UUID.test(id))) throw DomainError.validation({ ids: 'validation.invalidId' });
    await this.sendLabels(ids, res);
  }

  /** The same CSV for ids sent in the body: thousands of ids do not fit in a URL. */
  @Post('export-barcodes')
  @HttpCode(200)
  async exportBarcodesPost(@Body() dto: ExportLabelsDto, @Res() res: Response) {
    await this.sendLabels([...new Set(dto.ids)], res);
  }

  private async sendLabels(ids: string[], res: Response) {
    const csv = await labelsCsv(await this.queries.forLabels(ids));
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="barcodes.csv"');
    res.send(csv);
  }

  @Get('search/:term')
  search(@Ctx() ctx: RequestContext, @Param('term') term: string, @Query() q: SearchProductsQuery) {
    return this.queries.search(ctx, term.slice(0, 100), q);
  }

  @Get(':id/stock-movements')
  movements(@Ctx() ctx: RequestContext, @Param('id') id: string, @Query() q: PageQuery) {
    return this.queries.movements(ctx, id, q);
  }

  @Get(':id')
  get(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.queries.get(ctx, id);
  }

  /** 201 with the new product; 200 with `merged: true` when the SKU existed and the quantity was added to it. */
  @Post()
  async create(@Ctx() ctx: RequestContext, @Body() dto: CreateProductDto, @Res({ passthrough: true }) res: Response) {
    const { product, merged } = await this.commands.create(ctx, dto);
    if (!merged) return { ...product, merged: false };
    res.status(200);
    return { ...product, merged: true, message: this.commands.mergedMessage(ctx) };
  }

  @Put(':id')
  update(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() dto: UpdateProductDto) {
    return this.commands.update(ctx, id, dto);
  }

  @Delete(':id')
  @HttpCode(200)
  async remove(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    await this.commands.remove(ctx, id);
    return { success: true, message: translate(ctx.locale, 'products.deleted') };
  }

  @Patch(':id/quantity')
  receive(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() dto: ReceiveStockDto) {
    return this.commands.receive(ctx, id, dto);
  }
}

/** Sends a prepared JSON array, gzipped when the client accepts it and it is worth it. */
async function sendBody(req: Request, res: Response, body: ListBody): Promise<void> {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Vary', 'Accept-Encoding');
  if (body.json.length > 32 * 1024 && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    const zipped = await body.gzip();
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', String(zipped.length));
    res.end(zipped);
    return;
  }
  res.setHeader('Content-Length', String(body.json.length));
  res.end(body.json);
}
