import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Ctx, type RequestContext } from '@dukan/platform';
import {
  CreateInvoiceDto,
  CreateSupplierDto,
  InvoiceListQuery,
  OrderListQuery,
  PayablesQuery,
  PayInvoiceDto,
  ReceiptListQuery,
  ReceiveGoodsDto,
  SaveOrderDto,
  SupplierListQuery,
  UpdateSupplierDto,
} from './purchase.dto.js';
import { GoodsReceipts } from './goods-receipts.service.js';
import { PurchaseOrders } from './purchase-orders.service.js';
import { SupplierInvoices } from './supplier-invoices.service.js';
import { SuppliersService } from './suppliers.service.js';

const idempotencyKey = (req: Request) => {
  const key = req.headers['idempotency-key'];
  return typeof key === 'string' ? key : undefined;
};

@Controller('api/purchases/suppliers')
export class SuppliersController {
  constructor(private readonly suppliers: SuppliersService) {}

  @Get()
  async list(@Query() q: SupplierListQuery) {
    return { success: true, ...(await this.suppliers.list(q)) };
  }

  @Post()
  async create(@Ctx() ctx: RequestContext, @Body() dto: CreateSupplierDto) {
    return { success: true, data: await this.suppliers.create(ctx, dto) };
  }

  @Get(':id')
  async get(@Param('id') id: string) {
    return { success: true, data: await this.suppliers.get(id) };
  }

  @Put(':id')
  async update(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() dto: UpdateSupplierDto) {
    return { success: true, data: await this.suppliers.update(ctx, id, dto) };
  }
}

@Controller('api/purchases/orders')
export class PurchaseOrdersController {
  constructor(private readonly orders: PurchaseOrders) {}

  @Get()
  async list(@Ctx() ctx: RequestContext, @Query() q: OrderListQuery) {
    return { success: true, ...(await this.orders.list(ctx, q)) };
  }

  @Post()
  async create(@Ctx() ctx: RequestContext, @Body() dto: SaveOrderDto) {
    return { success: true, data: await this.orders.create(ctx, dto) };
  }

  @Get(':id')
  async get(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return { success: true, data: await this.orders.get(ctx, id) };
  }

  @Put(':id')
  async update(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() dto: SaveOrderDto) {
    return { success: true, data: await this.orders.update(ctx, id, dto) };
  }

  @Post(':id/send')
  @HttpCode(200)
  async send(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return { success: true, data: await this.orders.send(ctx, id) };
  }

  @Post(':id/cancel')
  @HttpCode(200)
  async cancel(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return { success: true, data: await this.orders.cancel(ctx, id) };
  }
}

@Controller('api/purchases/receipts')
export class GoodsReceiptsController {
  constructor(private readonly receipts: GoodsReceipts) {}

  @Get()
  async list(@Ctx() ctx: RequestContext, @Query() q: ReceiptListQuery) {
    return { success: true, ...(await this.receipts.list(ctx, q)) };
  }

  /** 201 with the receipt; a repeat with the same Idempotency-Key answers the same receipt (Idempotent-Replayed). */
  @Post()
  async receive(@Ctx() ctx: RequestContext, @Body() dto: ReceiveGoodsDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const { receipt, replayed } = await this.receipts.receive(ctx, dto, idempotencyKey(req));
    if (replayed) res.setHeader('Idempotent-Replayed', 'true');
    return { success: true, data: receipt };
  }

  @Get(':id')
  async get(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return { success: true, data: await this.receipts.get(ctx, id) };
  }
}

@Controller('api/purchases')
export class SupplierInvoicesController {
  constructor(private readonly invoices: SupplierInvoices) {}

  @Get('invoices')
  async list(@Ctx() ctx: RequestContext, @Query() q: InvoiceListQuery) {
    return { success: true, ...(await this.invoices.list(ctx, q)) };
  }

  @Post('invoices')
  async create(@Ctx() ctx: RequestContext, @Body() dto: CreateInvoiceDto) {
    return { success: true, data: await this.invoices.create(ctx, dto) };
  }

  @Get('invoices/:id')
  async get(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return { success: true, data: await this.invoices.get(ctx, id) };
  }

  /** 201 with the invoice as it now stands. */
  @Post('invoices/:id/payments')
  async pay(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() dto: PayInvoiceDto, @Req() req: Request) {
    return { success: true, data: await this.invoices.pay(ctx, id, dto, idempotencyKey(req)) };
  }

  @Get('payables')
  async payables(@Ctx() ctx: RequestContext, @Query() q: PayablesQuery) {
    return { success: true, data: await this.invoices.payables(ctx, q) };
  }
}
