import { timingSafeEqual } from 'node:crypto';
import { isAllowed, matchRoute, type RouteDef } from '@dukan/contracts';
import type { AuthUser } from '../context/request-context.js';
import { DomainError } from '../errors/domain-error.js';
import type { SessionValidator } from './session-validator.js';
import type { TokenVerifier } from './tokens.js';

export interface AuthorizeInput {
  method: string;
  path: string;
  authorization: string | undefined;
  internalToken: string | undefined;
}

export interface AuthorizeResult {
  route: RouteDef | null;
  user: AuthUser | null;
}

export interface AuthorizeDeps {
  verifier: TokenVerifier;
  sessions: SessionValidator | null;
  internalToken: string | undefined;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The one authorization decision, used by the gateway before proxying and by every service's guard:
 * the route must be in the table, public routes pass, others need a current token and the route's permission.
 */
export async function authorize(input: AuthorizeInput, deps: AuthorizeDeps): Promise<AuthorizeResult> {
  if (input.path.startsWith('/internal/')) {
    // Service-to-service calls carry the shared internal token; without one configured, nobody gets in.
    if (!deps.internalToken || !input.internalToken || !sameSecret(input.internalToken, deps.internalToken)) {
      throw new DomainError('FORBIDDEN', 'auth.forbidden');
    }
    return { route: null, user: null };
  }
  if (!input.path.startsWith('/api/')) return { route: null, user: null };

  const match = matchRoute(input.method, input.path);
  if (!match) throw new DomainError('ROUTE_NOT_FOUND', 'errors.routeNotFound');
  const { route } = match;
  if (route.access.kind === 'public') return { route, user: null };

  const header = input.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) throw new DomainError('UNAUTHENTICATED', 'auth.required');
  const user = deps.verifier.verify(token);
  // The token refresh takes a token a permission change made stale; identity's handler decides the rest.
  if (route.access.kind === 'signed') return { route, user };

  if (deps.sessions) {
    const state = await deps.sessions.current(user.id);
    if (!state || state.tokenVersion !== user.tokenVersion) throw new DomainError('TOKEN_REVOKED', 'auth.tokenRevoked');
    if (!state.active) throw new DomainError('ACCOUNT_INACTIVE', 'auth.accountInactive');
  }

  if (!isAllowed(user, route.access)) {
    throw new DomainError('FORBIDDEN', route.access.kind === 'admin' ? 'auth.adminOnly' : 'auth.forbidden');
  }
  return { route, user };
}
