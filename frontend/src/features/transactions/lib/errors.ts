import { serverMessage } from '../../../app/api.js';

function statusOf(error: unknown): unknown {
  return error && typeof error === 'object' && 'status' in error ? (error as { status: unknown }).status : undefined;
}

/** Spec part 2 §8: the server's message, else 'Failed to fetch…' for an answer, or 'An error occurred…' when none came. */
export function listErrorText(error: unknown, t: (k: string) => string): string {
  return (
    serverMessage(error) ?? (typeof statusOf(error) === 'number' ? t('transactions.fetchFailed') : t('transactions.fetchErrorGeneric'))
  );
}

export function isNotFound(error: unknown): boolean {
  return statusOf(error) === 404;
}
