import { Injectable, RequestMethod, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import type { RouteDef } from '@dukan/contracts';
import { DomainError } from '../errors/domain-error.js';
import { logger } from '../logging/logger.js';
import type { GatedRequest } from './gate.js';

/** A process's own endpoints outside /api (liveness and readiness), open to its probes. */
const OPEN_PATHS: ReadonlySet<string> = new Set(['/health', '/health/ready']);

const pattern = (path: string) =>
  path
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? ':' : s))
    .join('/');

/**
 * Global guard of every Dukan app, behind the gate (auth/gate.ts): nothing is served that the gate did not
 * decide on, and an /api handler runs only for the route the decision was about — so the route table and
 * the controllers cannot drift apart into a handler the table never checked.
 */
@Injectable()
export class RouteAuthGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<GatedRequest>();
    const decision = req.dukan;
    if (!decision) throw new DomainError('FORBIDDEN', 'auth.forbidden');
    if (decision.zone === 'internal') return true;
    if (decision.zone === 'other') {
      if (OPEN_PATHS.has(req.path)) return true;
      throw new DomainError('ROUTE_NOT_FOUND', 'errors.routeNotFound');
    }
    const served = this.served(context);
    if (!decision.route || !this.same(decision.route, served)) {
      logger().error(
        { route: decision.route && `${decision.route.method} ${decision.route.path}`, handler: served },
        'a handler answered a route it does not serve',
      );
      throw new DomainError('ROUTE_NOT_FOUND', 'errors.routeNotFound');
    }
    return true;
  }

  private served(context: ExecutionContext): { method: string; path: string } {
    const controller = Reflect.getMetadata(PATH_METADATA, context.getClass()) as string | undefined;
    const handler = Reflect.getMetadata(PATH_METADATA, context.getHandler()) as string | undefined;
    const method = Reflect.getMetadata(METHOD_METADATA, context.getHandler()) as RequestMethod | undefined;
    return { method: method === undefined ? '' : RequestMethod[method], path: `${controller ?? ''}/${handler ?? ''}` };
  }

  private same(route: RouteDef, served: { method: string; path: string }): boolean {
    return route.method === served.method && pattern(route.path) === pattern(served.path);
  }
}
