import { ERROR_STATUS, type EntityKey, type ErrorCode, type ExistingRecord, type MessageKey } from '@dukan/contracts';

/** What a 503 asks a client to wait before trying again: a restarting database is usually back within seconds. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

export type MessageParams = Record<string, string | number>;

/** A field's refusal: a key of the catalogue and the values of its placeholders. */
export interface FieldMessage {
  key: MessageKey;
  params?: MessageParams;
}

/**
 * Every refusal a service makes: a stable code, a message key translated at the edge,
 * and, for validation failures, a message key per field.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
    readonly fieldErrors: Record<string, FieldMessage> = {},
    readonly retryAfterSeconds?: number,
    readonly existing?: ExistingRecord,
  ) {
    super(messageKey);
    this.name = 'DomainError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  static notFound(entityKey: EntityKey): DomainError {
    return new DomainError('NOT_FOUND', 'errors.notFound', { entity: entityKey });
  }

  /** A dependency (the database, another service) cannot answer now; the caller may send the same call again shortly. */
  static unavailable(retryAfterSeconds = UNAVAILABLE_RETRY_AFTER_SECONDS): DomainError {
    return new DomainError('SERVICE_UNAVAILABLE', 'errors.serviceUnavailable', {}, {}, retryAfterSeconds);
  }

  /** A value (e.g. a phone) that another record already holds: 409 on that field, naming the record to link to. */
  static heldBy(field: string, messageKey: MessageKey, existing: ExistingRecord): DomainError {
    const params = { name: existing.name };
    return new DomainError('CONFLICT', messageKey, params, { [field]: { key: messageKey, params } }, undefined, existing);
  }

  static validation(fields: Record<string, MessageKey | FieldMessage>): DomainError {
    const fieldErrors = Object.fromEntries(Object.entries(fields).map(([field, v]) => [field, typeof v === 'string' ? { key: v } : v]));
    return new DomainError('VALIDATION_FAILED', 'validation.failed', {}, fieldErrors);
  }
}
