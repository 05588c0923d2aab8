import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { translate } from '@dukan/contracts';
import { Ctx, type RequestContext } from '@dukan/platform';
import { ExpenseBodyDto, ListExpensesQuery, RejectExpenseDto, SummaryQuery } from './expense.dto.js';
import { ExpenseQueries } from './expense-queries.js';
import { ExpenseWorkflow } from './expense-workflow.js';
import { ExpensesService } from './expenses.service.js';

/** Spec part 2 §7: the list answers {expenses, pagination}; everything else a bare expense. */
@Controller('api/expenses')
export class ExpensesController {
  constructor(
    private readonly expenses: ExpensesService,
    private readonly queries: ExpenseQueries,
    private readonly workflow: ExpenseWorkflow,
  ) {}

  @Get()
  list(@Ctx() ctx: RequestContext, @Query() q: ListExpensesQuery) {
    return this.queries.list(ctx, q);
  }

  @Get('summary')
  summary(@Ctx() ctx: RequestContext, @Query() q: SummaryQuery) {
    return this.queries.summary(ctx, q);
  }

  @Get(':id')
  get(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.expenses.get(ctx, id);
  }

  @Post()
  create(@Ctx() ctx: RequestContext, @Body() dto: ExpenseBodyDto) {
    return this.expenses.create(ctx, dto);
  }

  @Put(':id')
  update(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() dto: ExpenseBodyDto) {
    return this.expenses.update(ctx, id, dto);
  }

  @Delete(':id')
  @HttpCode(200)
  async remove(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    await this.expenses.remove(ctx, id);
    return { success: true, message: translate(ctx.locale, 'expenses.deleted') };
  }

  @Put(':id/approve')
  approve(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.workflow.transition(ctx, id, 'approve');
  }

  @Put(':id/reject')
  reject(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() dto: RejectExpenseDto) {
    return this.workflow.transition(ctx, id, 'reject', dto.reason);
  }

  @Put(':id/paid')
  pay(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.workflow.transition(ctx, id, 'pay');
  }
}
