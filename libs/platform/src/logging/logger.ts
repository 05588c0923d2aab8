import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';
import { currentContext } from '../context/request-context.js';

let root: Logger = pino({ level: 'info' });

/** One JSON logger per process; every line carries the correlation id of the request or event it serves. */
export function configureLogger(options: { level: string; service: string }): Logger {
  root = pino({
    level: options.level,
    base: { service: options.service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const ctx = currentContext();
      return ctx ? { correlationId: ctx.correlationId, ...(ctx.actorId ? { actorId: ctx.actorId } : {}) } : {};
    },
  });
  return root;
}

export function logger(): Logger {
  return root;
}

/** Nest's start-up chatter (a line per module and per route): kept at debug so a start reads as a few lines. */
const STARTUP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/** Lets Nest's own messages go through the same JSON logger. */
export class NestPinoLogger implements LoggerService {
  log(message: unknown, context?: string) {
    if (context && STARTUP_CONTEXTS.has(context)) root.debug({ context }, String(message));
    else root.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    root.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    root.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    root.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    root.trace({ context }, String(message));
  }
}
