import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { translate } from '@dukan/contracts';
import { Ctx, DomainError, type RequestContext } from '@dukan/platform';
import { AdjustmentDto, CreditLimitDto, RepaymentDto, StatementQuery } from './account.dto.js';
import { AccountsService } from './accounts.service.js';

const KEY = /^[\x21-\x7e]{8,200}$/;

/** A customer's account: balance, limit and statement; repayments (till or back office) and admins' adjustments. */
@Controller('api/customers')
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Get(':id/account')
  async account(@Param('id') id: string, @Query() q: StatementQuery) {
    return { success: true, data: await this.accounts.account(id, q) };
  }

  @Put(':id/credit-limit')
  async limit(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() dto: CreditLimitDto) {
    return { success: true, data: await this.accounts.setLimit(ctx, id, dto) };
  }

  /** Needs an Idempotency-Key header: a repayment sent twice (a lost answer, a double tap) is taken once. */
  @Post(':id/repayments')
  async repay(
    @Ctx() ctx: RequestContext,
    @Param('id') id: string,
    @Body() dto: RepaymentDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string' || !KEY.test(key)) throw DomainError.validation({ 'Idempotency-Key': 'validation.required' });
    const { answer, replayed } = await this.accounts.repay(ctx, id, dto, key);
    if (replayed) res.setHeader('Idempotent-Replayed', 'true');
    return { success: true, data: answer, message: translate(ctx.locale, 'accounts.repaymentRecorded') };
  }

  @Post(':id/adjustments')
  @HttpCode(201)
  async adjust(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() dto: AdjustmentDto) {
    return { success: true, data: await this.accounts.adjust(ctx, id, dto), message: translate(ctx.locale, 'accounts.adjustmentRecorded') };
  }
}
