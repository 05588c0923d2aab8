import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { translate } from '@dukan/contracts';
import { Ctx, type RequestContext } from '@dukan/platform';
import { CreateUserDto, ListUsersQuery, ResetPasswordDto, UpdateUserDto } from './user.dto.js';
import { toUserDto } from './user.mapper.js';
import { UsersService } from './users.service.js';

@Controller('api/auth')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get('users')
  async list(@Query() q: ListUsersQuery) {
    return { success: true, ...(await this.users.list(q)) };
  }

  @Get('users/:id')
  async get(@Param('id') id: string) {
    return { success: true, data: toUserDto(await this.users.findLive(id)) };
  }

  @Post('register')
  async create(@Ctx() ctx: RequestContext, @Body() dto: CreateUserDto) {
    return { success: true, data: await this.users.create(ctx, dto) };
  }

  @Put('users/:id')
  async update(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() dto: UpdateUserDto) {
    return { success: true, data: await this.users.update(ctx, id, dto) };
  }

  @Delete('users/:id')
  @HttpCode(200)
  async remove(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    await this.users.remove(ctx, id);
    return { success: true, message: translate(ctx.locale, 'users.deleted') };
  }

  @Put('users/:id/reset-password')
  async resetPassword(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() dto: ResetPasswordDto) {
    await this.users.resetPassword(ctx, id, dto.newPassword);
    return { success: true, message: translate(ctx.locale, 'users.passwordReset') };
  }
}
