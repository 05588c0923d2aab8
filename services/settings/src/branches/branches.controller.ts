import { Body, Controller, Get, Param, Post, Put } from '@nestjs/common';
import { translate } from '@dukan/contracts';
import { Ctx, type KnownBranch, type RequestContext } from '@dukan/platform';
import { BranchRegistersDto, CreateBranchDto, UpdateBranchDto } from './branches.dto.js';
import { BranchesService } from './branches.service.js';

@Controller('api/settings/branches')
export class BranchesController {
  constructor(private readonly branches: BranchesService) {}

  @Get()
  async list() {
    return { success: true, data: await this.branches.list() };
  }

  @Post()
  async create(@Ctx() ctx: RequestContext, @Body() dto: CreateBranchDto) {
    return { success: true, data: await this.branches.create(ctx, dto), message: translate(ctx.locale, 'settings.saved') };
  }

  @Put(':id')
  async update(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() dto: UpdateBranchDto) {
    return { success: true, data: await this.branches.update(ctx, id, dto), message: translate(ctx.locale, 'settings.saved') };
  }

  @Put(':id/registers')
  async registers(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() dto: BranchRegistersDto) {
    return {
      success: true,
      data: await this.branches.setRegisters(ctx, id, dto.registers),
      message: translate(ctx.locale, 'settings.saved'),
    };
  }
}

/** Service-to-service (x-dukan-internal): the list of branches, to check a branch a request names and to name it. */
@Controller('internal/settings/branches')
export class InternalBranchesController {
  constructor(private readonly branches: BranchesService) {}

  @Get()
  async list(): Promise<KnownBranch[]> {
    return (await this.branches.list()).map((b) => ({ id: b._id, name: b.name, active: b.active, registers: b.registers }));
  }
}
