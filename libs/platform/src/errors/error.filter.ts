import { ArgumentsHost, Catch, HttpException, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { QueryFailedError } from 'typeorm';
import {
  ERROR_MESSAGE_KEYS,
  ERROR_STATUS,
  SERVER_MESSAGES,
  translate,
  type ErrorBody,
  type ErrorCode,
  type Locale,
} from '@dukan/contracts';
import { currentContext } from '../context/request-context.js';
import { logger } from '../logging/logger.js';
import { isDatabaseUnavailable } from './database-unavailable.js';
import { DomainError } from './domain-error.js';

/** Maps a framework HTTP status (router miss, body parser) to our codes. */
function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'ROUTE_NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 422:
      return 'RULE_VIOLATION';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  }
}

/** Turns any thrown thing into the error body of ARCHITECTURE section 4; never a stack trace, never a 500 for bad input. */
export function toDomainError(exception: unknown): DomainError {
  if (exception instanceof DomainError) return exception;
  if (exception instanceof HttpException) {
    const code = codeForStatus(exception.getStatus());
    return new DomainError(code, ERROR_MESSAGE_KEYS[code]);
  }
  // body-parser errors reach us as plain errors with a status (malformed JSON, body too large).
  if (exception instanceof Error && 'status' in exception && typeof exception.status === 'number' && exception.status < 500) {
    const code = codeForStatus(exception.status);
    return new DomainError(code, ERROR_MESSAGE_KEYS[code]);
  }
  // PostgreSQL down, restarting or its connection cut: the same call will work again shortly.
  if (isDatabaseUnavailable(exception)) return DomainError.unavailable();
  if (exception instanceof QueryFailedError) {
    const pgCode = (exception.driverError as { code?: string } | undefined)?.code;
    // Invalid text representation (a malformed uuid in a path) is bad input, not a crash.
    if (pgCode === '22P02') return new DomainError('BAD_REQUEST', 'validation.invalidId');
    if (pgCode === '23505') return new DomainError('CONFLICT', 'errors.conflict');
    // Behind the input guard these cannot come from a request; should one slip through, it is still bad input.
    if (pgCode === '22021' || pgCode === '22P05') return new DomainError('BAD_REQUEST', 'validation.forbiddenCharacters');
    if (pgCode === '22007' || pgCode === '22008') return new DomainError('BAD_REQUEST', 'validation.invalidDate');
  }
  return new DomainError('INTERNAL', 'errors.internal');
}

/** A parameter that is itself a message key (`{entity}` = 'entities.product') is translated too. */
function translatedParams(locale: Locale, params: Record<string, string | number> = {}): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' && v in SERVER_MESSAGES.en ? translate(locale, v) : v]),
  );
}

export function errorBody(error: DomainError, locale: Locale, correlationId?: string): ErrorBody {
  const text = translate(locale, error.messageKey, translatedParams(locale, error.params));
  const body: ErrorBody = { success: false, error: text, message: text, code: error.code };
  const fields = Object.entries(error.fieldErrors);
  if (fields.length > 0) {
    body.errors = Object.fromEntries(
      fields.map(([f, e]) => [f, { message: translate(locale, e.key, translatedParams(locale, e.params)) }]),
    );
    body.errorKeys = Object.fromEntries(fields.map(([f, e]) => [f, e.key]));
  }
  if (error.retryAfterSeconds !== undefined) body.retryAfterSeconds = error.retryAfterSeconds;
  if (error.existing) body.existing = error.existing;
  if (correlationId) body.correlationId = correlationId;
  return body;
}

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const error = toDomainError(exception);
    const ctx = currentContext();
    if (error.code === 'INTERNAL') {
      logger().error({ err: exception }, 'unhandled error');
    } else if (!(exception instanceof DomainError) && isDatabaseUnavailable(exception)) {
      logger().warn({ err: exception }, 'database unavailable');
    } else if (error.code === 'SERVICE_UNAVAILABLE') {
      // Where the call was turned away (its stack), so that a 503 seen by a till can be traced to its cause.
      logger().warn({ err: exception }, 'answered unavailable');
    }
    sendError(res, error, ctx?.locale ?? 'en', ctx?.correlationId);
  }
}

export function sendError(res: Response, error: DomainError, locale: Locale, correlationId?: string): void {
  if (res.headersSent) return;
  if (error.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(error.retryAfterSeconds));
  res.status(ERROR_STATUS[error.code]).json(errorBody(error, locale, correlationId));
}
