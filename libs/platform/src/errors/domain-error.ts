import { ERROR_STATUS, type ErrorCode } from '@dukan/contracts';

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

  static validation(fields: Record<string, string | { key: string; params?: MessageParams }>): DomainError {
    const fieldErrors = Object.fromEntries(
      Object.entries(fields).map(([field, v]) => [field, typeof v === 'string' ? { key: v } : v]),
    );
    return new DomainError('VALIDATION_FAILED', 'validation.failed', {}, fieldErrors);
  }
}
