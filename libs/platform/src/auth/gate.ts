import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { PlatformConfig } from '../config/config.js';
import { newCorrelationId, parseLocale, runWithContext, type RequestContext } from '../context/request-context.js';
import { DomainError } from '../errors/domain-error.js';
import { sendError, toDomainError } from '../errors/error.filter.js';
import { logger } from '../logging/logger.js';
import { PLATFORM_CONFIG } from '../module/tokens.js';
import { authorize, type AuthorizeDeps, type AuthorizeResult } from './authorize.js';
import { BRANCH_DIRECTORY, type BranchDirectory } from './branch-directory.js';
import { BRANCH_HEADER, requestBranch, VIEW_BRANCH_PARAM, viewScope } from './branch.policy.js';
import { SESSION_VALIDATOR, type SessionValidator } from './session-validator.js';
import { TokenVerifier } from './tokens.js';

export const CORRELATION_ID_HEADER = 'x-correlation-id';
/** Carries the internal token: on /internal calls between services, and on every /api call the gateway forwards. */
export const INTERNAL_TOKEN_HEADER = 'x-dukan-internal';
/** Carries, from the gateway to a service, the rights of the user its gate decided on (session-validator's forwardedRights). */
export const RIGHTS_HEADER = 'x-dukan-rights';

/** 'edge': clients call it (the all-in-one app, the cluster gateway); 'service': a service behind the gateway. */
export type AppRole = 'edge' | 'service';

export interface GateDecision extends AuthorizeResult {
  correlationId: string;
  /** The client's address: the socket's at the edge, the one the gateway forwarded behind it. */
  clientAddress: string;
  /** The branch the request acts in, checked against the user's branches. */
  branchId: string;
  /** The branches a chain-wide view reads (`?branch=`), checked the same way; null: every branch. */
  branchScope: string[] | null;
  /** Every branch the user may work in (records by id are checked against it); null: every branch. */
  callerBranches: string[] | null;
}

export type GatedRequest = Request & { dukan?: GateDecision };

function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The authorization dependencies of an app: its token verifier, its session check (`sessions` may wrap the app's, e.g.
 * in a cache) and the internal token.
 */
export function gateDepsFrom(
  app: INestApplication,
  role: AppRole,
  sessionsOf?: (found: SessionValidator) => SessionValidator,
): AuthorizeDeps {
  let sessions: SessionValidator;
  try {
    sessions = app.get<SessionValidator>(SESSION_VALIDATOR, { strict: false });
  } catch {
    throw new Error('No session check in this app: identity must be in it, or PlatformCoreModule given sessions: "remote"');
  }
  if (sessionsOf) sessions = sessionsOf(sessions);
  let branches: BranchDirectory | undefined;
  try {
    // Behind the gateway the branch was checked there: a service takes the gateway's word.
    if (role === 'edge') branches = app.get<BranchDirectory>(BRANCH_DIRECTORY, { strict: false });
  } catch {
    branches = undefined; // an app without settings and without the remote list (a lone service in a test)
  }
  return {
    verifier: app.get(TokenVerifier),
    sessions,
    internalToken: app.get<PlatformConfig>(PLATFORM_CONFIG).INTERNAL_TOKEN,
    requireGateway: role === 'service',
    ...(branches && { branches }),
  };
}

/**
 * A branch a client named must exist (settings' list), and to act in it, be active (a user's list may name one
 * since deactivated); a view may still read a deactivated branch's figures.
 */
async function checkNamedBranch(deps: AuthorizeDeps, decision: AuthorizeResult, branchId: string, acting: boolean): Promise<void> {
  if (!deps.branches || decision.trusted || !decision.user) return;
  const state = await deps.branches.state(branchId);
  if (state === 'unknown') throw new DomainError('FORBIDDEN', 'branches.unknown');
  if (state === 'inactive' && acting) throw new DomainError('FORBIDDEN', 'branches.inactive');
}

function queryParam(url: string, name: string): string | undefined {
  const q = url.indexOf('?');
  return q >= 0 ? (new URLSearchParams(url.slice(q + 1)).get(name) ?? undefined) : undefined;
}

function clientAddress(req: Request, role: AppRole, trusted: boolean): string {
  // Behind the gateway, X-Forwarded-For is the gateway's (it sets it, never appends to a client's), and only
  // a call that proved it came from the gateway is believed.
  if (role === 'service' && trusted) {
    const forwarded = header(req, 'x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/**
 * First middleware of every Dukan app, before body parsing and routing: a correlation id, the access log,
 * and the authorization decision. A refused call ends here; an admitted one continues with `req.url` set
 * to the spelling the decision was made on, so the router cannot read the path differently.
 */
export function gate(deps: AuthorizeDeps, role: AppRole, defaultBranch = 'main') {
  return (req: GatedRequest, res: Response, next: NextFunction) => {
    const incoming = header(req, CORRELATION_ID_HEADER);
    const correlationId = incoming && /^[\w-]{8,100}$/.test(incoming) ? incoming : newCorrelationId();
    res.setHeader(CORRELATION_ID_HEADER, correlationId);
    req.headers[CORRELATION_ID_HEADER] = correlationId;
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger().info(
        { correlationId, method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        'request',
      );
    });
    authorize(
      {
        method: req.method,
        target: req.url,
        authorization: req.headers.authorization,
        internalToken: header(req, INTERNAL_TOKEN_HEADER),
        rights: header(req, RIGHTS_HEADER),
      },
      deps,
    )
      .then(async (decision) => {
        // The branch named by the app (or by the gateway, which checked it): one the user may work in, else 403.
        const named = header(req, BRANCH_HEADER);
        const branch = requestBranch(decision.user, named, defaultBranch, decision.trusted);
        if ('refused' in branch) throw new DomainError('FORBIDDEN', 'branches.notAllowed');
        if (named?.trim()) await checkNamedBranch(deps, decision, branch.branchId, true);
        // The same check for the branch a view reads: nobody reads a branch they may not use.
        const scope =
          decision.zone === 'api'
            ? viewScope(decision.user, queryParam(decision.url, VIEW_BRANCH_PARAM), defaultBranch)
            : { branches: null };
        if ('refused' in scope) throw new DomainError('FORBIDDEN', 'branches.notAllowed');
        if (scope.branches?.length === 1 && queryParam(decision.url, VIEW_BRANCH_PARAM))
          await checkNamedBranch(deps, decision, scope.branches[0]!, false);
        const mine = viewScope(decision.user, undefined, defaultBranch);
        return {
          ...decision,
          branchId: branch.branchId,
          branchScope: scope.branches,
          callerBranches: 'refused' in mine ? [] : mine.branches,
        };
      })
      .then(
        (decision) => {
          req.url = decision.url;
          req.dukan = { ...decision, correlationId, clientAddress: clientAddress(req, role, decision.trusted) };
          next();
        },
        (e: unknown) => sendError(res, toDomainError(e), parseLocale(header(req, 'accept-language')) ?? 'en', correlationId),
      );
  };
}

/** The request context (Vendure's habit) from the gate's decision; mounted after body parsing so it survives it. */
export function requestContext(branchId: string) {
  return (req: GatedRequest, _res: Response, next: NextFunction) => {
    const decision = req.dukan;
    const user = decision?.user ?? null;
    const ctx: RequestContext = {
      correlationId: decision?.correlationId ?? newCorrelationId(),
      locale: parseLocale(header(req, 'accept-language')) ?? user?.languagePreference ?? 'en',
      branchId: decision?.branchId ?? branchId,
      branchScope: decision?.branchScope ?? null,
      callerBranches: decision?.callerBranches ?? null,
      user,
      actorId: user?.id ?? null,
      ...(decision && { clientAddress: decision.clientAddress }),
    };
    runWithContext(ctx, next);
  };
}
