import { Body, Controller, Post } from '@nestjs/common';
import { Ctx, type RequestContext } from '@dukan/platform';
import { ReserveInvoiceBlockDto } from './invoice-block.dto.js';
import { InvoiceBlocks } from './invoice-blocks.js';

@Controller('api/transactions/invoice-blocks')
export class InvoiceBlocksController {
  constructor(private readonly blocks: InvoiceBlocks) {}

  @Post()
  async reserve(@Ctx() ctx: RequestContext, @Body() dto: ReserveInvoiceBlockDto) {
    return { success: true, data: await this.blocks.reserve(ctx, dto.register.trim(), dto.size, dto.device) };
  }
}
