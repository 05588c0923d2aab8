import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { PlatformConfig } from '../config/config.js';
import { currentContext, parseLocale } from '../context/request-context.js';
import { sendError, toDomainError } from '../errors/error.filter.js';
import { PLATFORM_CONFIG } from '../module/tokens.js';
import { authorize, type AuthorizeDeps, type AuthorizeResult } from './authorize.js';
import { SESSION_VALIDATOR, type SessionValidator } from './session-validator.js';
import { TokenVerifier } from './tokens.js';

export type AuthorizedRequest = Request & { dukanAuth?: AuthorizeResult };

export function authorizeDepsFrom(app: INestApplication): AuthorizeDeps {
  let sessions: SessionValidator | null = null;
  try {
    sessions = app.get<SessionValidator>(SESSION_VALIDATOR, { strict: false });
  } catch {
    sessions = null; // identity is not in this process: the gateway checked the token version
  }
  return { verifier: app.get(TokenVerifier), sessions, internalToken: app.get<PlatformConfig>(PLATFORM_CONFIG).INTERNAL_TOKEN };
}

/**
 * Decides every call before routing, from the route table, so a route without a handler still answers
 * 401/403 before 404, exactly as the cluster gateway does. The guard reuses the decision.
 */
export function authMiddleware(deps: AuthorizeDeps) {
  return (req: AuthorizedRequest, res: Response, next: NextFunction) => {
    if (!req.path.startsWith('/api/') && !req.path.startsWith('/internal/')) return next();
    const internal = req.headers['x-dukan-internal'];
    authorize(
      { method: req.method, path: req.path, authorization: req.headers.authorization, internalToken: typeof internal === 'string' ? internal : undefined },
      deps,
    ).then(
      (result) => {
        req.dukanAuth = result;
        const ctx = currentContext();
        if (ctx && result.user) {
          ctx.user = result.user;
          ctx.actorId = result.user.id;
          ctx.locale = parseLocale(req.headers['accept-language']) ?? result.user.languagePreference;
        }
        next();
      },
      (e: unknown) => {
        const ctx = currentContext();
        sendError(res, toDomainError(e), ctx?.locale ?? 'en', ctx?.correlationId);
      },
    );
  };
}
