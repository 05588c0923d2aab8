import { Controller, Get, NotFoundException, Param } from '@nestjs/common';
import { DbSessionValidator } from './session-validator.provider.js';

/** Asked by the cluster gateway on every call: is this token version still current? Guarded by the internal token. */
@Controller('internal/auth')
export class InternalAuthController {
  constructor(private readonly sessions: DbSessionValidator) {}

  @Get('sessions/:userId')
  async session(@Param('userId') userId: string) {
    const state = await this.sessions.current(userId);
    if (!state) throw new NotFoundException();
    return state;
  }
}
