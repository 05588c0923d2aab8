import { Controller, Get, Injectable, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Ctx, type RequestContext } from '../context/request-context.js';
import { DomainError } from '../errors/domain-error.js';
import { errorBody } from '../errors/error.filter.js';

/** Resolves when the dependency answers; may answer that it works but needs attention (e.g. events parked). */
export type HealthCheck = () => Promise<void | HealthNotice>;

/** A working dependency that needs attention: the process stays ready, its status is 'degraded'. */
export interface HealthNotice {
  degraded: true;
  /** Figures to show with it, e.g. { parked: 3 }. */
  detail: Record<string, number | string>;
}

export type CheckStatus = 'up' | 'down' | 'degraded';

export interface HealthReport {
  status: CheckStatus;
  checks: Record<string, CheckStatus>;
  /** What degraded checks reported, by check name. */
  details?: Record<string, Record<string, number | string>>;
}

export function overallStatus(statuses: Iterable<CheckStatus>): CheckStatus {
  let status: CheckStatus = 'up';
  for (const s of statuses) {
    if (s === 'down') return 'down';
    if (s === 'degraded') status = 'degraded';
  }
  return status;
}

@Injectable()
export class HealthRegistry {
  private readonly checks = new Map<string, HealthCheck>();
  private readonly notices = new Map<string, HealthCheck>();

  register(name: string, check: HealthCheck): void {
    this.checks.set(name, check);
  }

  /**
   * A check that never makes the process unready: it answers up or degraded (e.g. parked events), and also
   * counts in the liveness answer. If it cannot run (its database is down) it is left out there.
   */
  registerNotice(name: string, check: HealthCheck): void {
    this.notices.set(name, check);
  }

  async run(): Promise<Record<string, CheckStatus>> {
    return (await this.report()).checks;
  }

  /** Every check, readiness and notices; the status is down if any is down, else degraded if any is. */
  async report(): Promise<HealthReport> {
    return this.runChecks([...this.checks, ...[...this.notices].map(([name, check]) => [name, check, 'notice'] as const)]);
  }

  /**
   * Only the notices (cheap, never down): what the liveness answer shows. One that takes longer than a
   * second (its database is slow) is left out, so liveness never waits on a dependency.
   */
  async noticeReport(): Promise<HealthReport> {
    const bounded =
      (check: HealthCheck): HealthCheck =>
      () =>
        Promise.race([check(), new Promise<void>((resolve) => setTimeout(resolve, 1000).unref())]);
    const report = await this.runChecks([...this.notices].map(([name, check]) => [name, bounded(check), 'notice'] as const));
    for (const [name, s] of Object.entries(report.checks)) if (s === 'down') delete report.checks[name];
    report.status = overallStatus(Object.values(report.checks));
    return report;
  }

  private async runChecks(list: readonly (readonly [string, HealthCheck, ...unknown[]])[]): Promise<HealthReport> {
    const details: Record<string, Record<string, number | string>> = {};
    const entries = await Promise.all(
      list.map(async ([name, check, kind]) => {
        try {
          const note = await check();
          if (note?.degraded) {
            details[name] = note.detail;
            return [name, 'degraded'] as const;
          }
          return [name, 'up'] as const;
        } catch {
          // A notice that cannot run says nothing about readiness: its own dependency has a check of its own.
          return [name, kind === 'notice' ? ('up' as const) : ('down' as const)] as const;
        }
      }),
    );
    const checks = Object.fromEntries(entries) as Record<string, CheckStatus>;
    return { status: overallStatus(Object.values(checks)), checks, ...(Object.keys(details).length > 0 ? { details } : {}) };
  }
}

/** Liveness and readiness of one process; outside /api, so the gateway's route table does not apply. */
@Controller('health')
export class HealthController {
  constructor(private readonly registry: HealthRegistry) {}

  /** Alive; 'degraded' with details when something needs attention (events parked), still 200. */
  @Get()
  async live() {
    const report = await this.registry.noticeReport();
    return report.status === 'degraded' ? { status: 'degraded', details: report.details } : { status: 'up' };
  }

  @Get('ready')
  async ready(@Ctx() ctx: RequestContext, @Res({ passthrough: true }) res: Response) {
    const report = await this.registry.report();
    return report.status === 'down' ? downAnswer(report, ctx, res) : report;
  }
}

/**
 * A report with a check down: 503 with the error body every client reads (in the caller's language, with
 * Retry-After) and the report beside it, so the operator sees which checks are down.
 */
export function downAnswer(report: HealthReport, ctx: RequestContext, res: Response) {
  const error = DomainError.unavailable();
  res.status(error.status);
  if (error.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(error.retryAfterSeconds));
  return { ...errorBody(error, ctx.locale, ctx.correlationId), ...report };
}
