import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { translate } from '@dukan/contracts';
import { Ctx, type RequestContext } from '@dukan/platform';
import { CashMovementBodyDto, CloseShiftDto, CurrentShiftQuery, ListShiftsQuery, OpenShiftDto } from './shift.dto.js';
import { ShiftsService } from './shifts.service.js';

@Controller('api/shifts')
export class ShiftsController {
  constructor(private readonly shifts: ShiftsService) {}

  @Get()
  async list(@Ctx() ctx: RequestContext, @Query() q: ListShiftsQuery) {
    return { success: true, ...(await this.shifts.list(ctx, q)) };
  }

  @Post()
  async open(@Ctx() ctx: RequestContext, @Body() dto: OpenShiftDto) {
    return { success: true, data: await this.shifts.open(ctx, dto), message: translate(ctx.locale, 'shifts.opened') };
  }

  @Get('current')
  async current(@Ctx() ctx: RequestContext, @Query() q: CurrentShiftQuery) {
    return { success: true, data: await this.shifts.current(ctx, q.register) };
  }

  @Get(':id')
  async get(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return { success: true, data: await this.shifts.get(ctx, id) };
  }

  @Post(':id/cash')
  @HttpCode(201)
  async cash(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() dto: CashMovementBodyDto) {
    return { success: true, data: await this.shifts.moveCash(ctx, id, dto), message: translate(ctx.locale, 'shifts.cashRecorded') };
  }

  @Post(':id/close')
  @HttpCode(200)
  async close(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() dto: CloseShiftDto) {
    return { success: true, data: await this.shifts.close(ctx, id, dto), message: translate(ctx.locale, 'shifts.closed') };
  }
}
