import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { translate } from '@dukan/contracts';
import { Ctx, type RequestContext } from '@dukan/platform';
import { ApplyRoleDto, PermissionsListQuery, UpdatePermissionsDto } from '../users/user.dto.js';
import { UsersService } from '../users/users.service.js';

/** The /settings/users page: per-user overrides and bulk role defaults (admin only, by the route table). */
@Controller('api/auth')
export class PermissionsController {
  constructor(private readonly users: UsersService) {}

  @Get('permissions')
  async list(@Query() q: PermissionsListQuery) {
    return { success: true, data: await this.users.listForPermissions(q) };
  }

  @Put('users/:id/permissions')
  async update(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() dto: UpdatePermissionsDto) {
    const data = await this.users.setPermissions(ctx, id, dto.permissions ?? null);
    return { success: true, data, message: translate(ctx.locale, 'permissions.updated') };
  }

  @Post('permissions/apply-role')
  @HttpCode(200)
  async applyRole(@Ctx() ctx: RequestContext, @Body() dto: ApplyRoleDto) {
    const updated = await this.users.applyRole(ctx, dto);
    return { success: true, data: { updated }, message: translate(ctx.locale, 'permissions.applied', { role: dto.role, n: updated }) };
  }
}
