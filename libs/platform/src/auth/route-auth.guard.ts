import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { currentContext, parseLocale } from '../context/request-context.js';
import { PLATFORM_CONFIG } from '../module/tokens.js';
import type { PlatformConfig } from '../config/config.js';
import { authorize } from './authorize.js';
import type { AuthorizedRequest } from './auth.middleware.js';
import { SESSION_VALIDATOR, type SessionValidator } from './session-validator.js';
import { TokenVerifier } from './tokens.js';

/** Global guard of every Dukan app: the route table decides, so a route missing from it is refused. */
@Injectable()
export class RouteAuthGuard implements CanActivate {
  private sessions: SessionValidator | null | undefined;

  constructor(
    private readonly verifier: TokenVerifier,
    private readonly moduleRef: ModuleRef,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  /** Identity's validator where identity runs in this process; none in a service behind the gateway. */
  private sessionValidator(): SessionValidator | null {
    if (this.sessions === undefined) {
      try {
        this.sessions = this.moduleRef.get<SessionValidator>(SESSION_VALIDATOR, { strict: false });
      } catch {
        this.sessions = null;
      }
    }
    return this.sessions;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthorizedRequest>();
    if (req.dukanAuth) return true; // decided by the auth middleware before routing
    const internal = req.headers['x-dukan-internal'];
    const { user } = await authorize(
      {
        method: req.method,
        path: req.path,
        authorization: req.headers.authorization,
        internalToken: typeof internal === 'string' ? internal : undefined,
      },
      { verifier: this.verifier, sessions: this.sessionValidator(), internalToken: this.config.INTERNAL_TOKEN },
    );
    const ctx = currentContext();
    if (ctx && user) {
      ctx.user = user;
      ctx.actorId = user.id;
      ctx.locale = parseLocale(req.headers['accept-language']) ?? user.languagePreference;
    }
    return true;
  }
}
