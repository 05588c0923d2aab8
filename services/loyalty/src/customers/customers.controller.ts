import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { translate } from '@dukan/contracts';
import { Ctx, type RequestContext } from '@dukan/platform';
import { CreateCustomerDto, ListCustomersQuery, UpdateCustomerDto } from './customer.dto.js';
import { CustomersService } from './customers.service.js';

/** The spec's clients read bare customers and a bare array (spec part 1 §7); errors carry `error`. */
@Controller('api/customers')
export class CustomersController {
  constructor(private readonly customers: CustomersService) {}

  @Get()
  list(@Query() q: ListCustomersQuery) {
    return this.customers.list(q);
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.customers.get(id);
  }

  @Post()
  create(@Ctx() ctx: RequestContext, @Body() dto: CreateCustomerDto) {
    return this.customers.create(ctx, dto);
  }

  @Put(':id')
  update(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() dto: UpdateCustomerDto) {
    return this.customers.update(ctx, id, dto);
  }

  @Delete(':id')
  @HttpCode(200)
  async remove(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    await this.customers.remove(ctx, id);
    return { success: true, message: translate(ctx.locale, 'customers.deleted') };
  }
}
