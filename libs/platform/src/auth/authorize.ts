import { timingSafeEqual } from 'node:crypto';
import { isAllowed, matchRoute, parseRequestPath, type PathZone, type RouteDef } from '@dukan/contracts';
import type { AuthUser } from '../context/request-context.js';
import { DomainError } from '../errors/domain-error.js';
import type { BranchDirectory } from './branch-directory.js';
import { parseForwardedRights, type SessionValidator } from './session-validator.js';
import type { TokenVerifier } from './tokens.js';

export interface AuthorizeInput {
  method: string;
  /** The request target as it arrived, e.g. '/API//products/?active=true'. */
  target: string;
  authorization: string | undefined;
  /** The x-dukan-internal header. */
  internalToken: string | undefined;
  /** The x-dukan-rights header: the user's current rights as the gateway decided on them (believed only from it). */
  rights?: string | undefined;
}

export interface AuthorizeResult {
  zone: PathZone;
  /** The target the router is given: the route's own spelling for /api, the resolved path otherwise; query kept. */
  url: string;
  route: RouteDef | null;
  params: Record<string, string>;
  user: AuthUser | null;
  /** The call carries the internal token: it comes from the gateway or another Dukan process. */
  trusted: boolean;
}

export interface AuthorizeDeps {
  verifier: TokenVerifier;
  /** Whether a token's version is still the user's current one; every app has one (deny by default). */
  sessions: SessionValidator;
  internalToken: string | undefined;
  /** A service behind the gateway: /api calls without the internal token did not come through the gateway. */
  requireGateway: boolean;
  /** Where a branch a client names is checked to exist and be active (settings' list); none behind the gateway. */
  branches?: BranchDirectory;
}

function sameSecret(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function bearer(header: string | undefined): string {
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

/**
 * The one authorization decision of every Dukan app (the all-in-one, the cluster gateway, each service), taken
 * before routing: the path is read once (contracts' parseRequestPath), /internal needs the internal token,
 * an /api call must match a route of the table (deny by default), public routes pass, others need a current
 * token with the route's permission. The answer's `url` is what the router then sees.
 */
export async function authorize(input: AuthorizeInput, deps: AuthorizeDeps): Promise<AuthorizeResult> {
  const path = parseRequestPath(input.target);
  if (!path) throw new DomainError('BAD_REQUEST', 'errors.badRequest');
  const q = input.target.indexOf('?');
  const query = q >= 0 ? input.target.slice(q).split('#', 1)[0]! : '';
  const trusted = sameSecret(input.internalToken, deps.internalToken);
  const result = (
    url: string,
    route: RouteDef | null = null,
    params: Record<string, string> = {},
    user: AuthUser | null = null,
  ): AuthorizeResult => ({
    zone: path.zone,
    url: `${url}${query}`,
    route,
    params,
    user,
    trusted,
  });

  if (path.zone === 'other') return result(path.path);
  // Service-to-service calls carry the shared internal token; without one configured, nobody gets in.
  if (path.zone === 'internal') {
    if (!trusted) throw new DomainError('FORBIDDEN', 'auth.forbidden');
    return result(path.path);
  }
  if (deps.requireGateway && !trusted) throw new DomainError('FORBIDDEN', 'auth.gatewayOnly');

  const match = matchRoute(input.method, path.path);
  if (!match) throw new DomainError('ROUTE_NOT_FOUND', 'errors.routeNotFound');
  const { route } = match;
  if (route.access.kind === 'public') return result(match.path, route, match.params);

  const token = bearer(input.authorization);
  if (!token) throw new DomainError('UNAUTHENTICATED', 'auth.required');
  const signed = deps.verifier.verify(token);
  let user = signed;
  // The token refresh takes a token a permission change made stale; identity's handler decides the rest.
  if (route.access.kind !== 'signed') {
    const state = await deps.sessions.current(signed.id, signed.tokenVersion);
    if (!state || state.tokenVersion !== signed.tokenVersion) throw new DomainError('TOKEN_REVOKED', 'auth.tokenRevoked');
    if (!state.active) throw new DomainError('ACCOUNT_INACTIVE', 'auth.accountInactive');
    // The rights the user has now, not those the token was issued with: an edit applies on the very next call.
    // Behind the gateway, the ones its gate decided on (its cache was dropped by the edit; this one may not be yet).
    const rights = (trusted && parseForwardedRights(input.rights)) || state.rights;
    if (rights) user = { ...signed, ...rights, branches: rights.role === 'admin' ? null : rights.branches };
    if (!isAllowed(user, route.access)) {
      throw new DomainError('FORBIDDEN', route.access.kind === 'admin' ? 'auth.adminOnly' : 'auth.forbidden');
    }
  }
  return result(match.path, route, match.params, user);
}
