import { ERROR_STATUS, type ErrorCode } from '@dukan/contracts';

/** What a 503 asks a client to wait before trying again: a restarting database is usually back within seconds. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

export type MessageParams = Record<string, string | number>;

/**
 * Every refusal a service makes: a stable code, a message key translated at the edge,
 * and, for validation failures, a message key per field.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: string,
    readonly params: MessageParams = {},
    readonly fieldErrors: Record<string, { key: string; params?: MessageParams }> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(messageKey);
    this.name = 'DomainError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  static notFound(entityKey: string): DomainError {
    return new DomainError('NOT_FOUND', 'errors.notFound', { entity: entityKey });
  }

  /** A dependency (the database, another service) cannot answer now; the caller may send the same call again shortly. */
  static unavailable(retryAfterSeconds = UNAVAILABLE_RETRY_AFTER_SECONDS): DomainError {
    return new DomainError('SERVICE_UNAVAILABLE', 'errors.serviceUnavailable', {}, {}, retryAfterSeconds);
  }

  static validation(fields: Record<string, string | { key: string; params?: MessageParams }>): DomainError {
    const fieldErrors = Object.fromEntries(Object.entries(fields).map(([field, v]) => [field, typeof v === 'string' ? { key: v } : v]));
    return new DomainError('VALIDATION_FAILED', 'validation.failed', {}, fieldErrors);
  }
}
