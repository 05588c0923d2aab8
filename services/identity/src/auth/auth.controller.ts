import { Body, Controller, Get, HttpCode, Post, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import { translate } from '@dukan/contracts';
import { Ctx, DomainError, type RequestContext } from '@dukan/platform';
import { LoginDto, PreferencesDto } from '../users/user.dto.js';
import { toUserDto } from '../users/user.mapper.js';
import { UsersService } from '../users/users.service.js';
import { AuthService } from './auth.service.js';

@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
  ) {}

  @Post('login')
  @HttpCode(200)
  login(@Ctx() ctx: RequestContext, @Body() dto: LoginDto) {
    return this.auth.login(dto.username, dto.password, dto.rememberMe ?? false, ctx.clientAddress ?? 'unknown', dto.deviceToken);
  }

  /** 'signed' in the route table: a genuine token, stale or not; AuthService.refresh decides whether it may be swapped. */
  @Post('refresh')
  @HttpCode(200)
  refresh(@Req() req: Request) {
    return this.auth.refresh(req.headers.authorization);
  }

  @Get('me')
  async me(@Ctx() ctx: RequestContext) {
    if (!ctx.actorId) throw new DomainError('UNAUTHENTICATED', 'auth.required');
    return { success: true, data: toUserDto(await this.users.findLive(ctx.actorId)) };
  }

  @Put('me/preferences')
  async preferences(@Ctx() ctx: RequestContext, @Body() dto: PreferencesDto) {
    if (!ctx.actorId) throw new DomainError('UNAUTHENTICATED', 'auth.required');
    return { success: true, data: await this.users.setLanguage(ctx, ctx.actorId, dto.languagePreference) };
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Ctx() ctx: RequestContext) {
    await this.auth.logout(ctx);
    return { success: true, message: translate(ctx.locale, 'auth.loggedOut') };
  }
}
