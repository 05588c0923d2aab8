import { QueryFailedError } from 'typeorm';
import { DomainError } from '../errors/domain-error.js';
import { MalformedEventError, parseEnvelope } from './event-bus.js';
import { isRefusal } from './parking.js';

const dbError = (code: string) => Object.assign(new QueryFailedError('SELECT 1', [], new Error(`sqlstate ${code}`)), { code });

describe('which failures park an event and which are retried', () => {
  it.each([
    ['a message that is not an event', true, new MalformedEventError('not JSON')],
    ['a domain refusal', true, DomainError.validation({ sku: 'validation.required' })],
    ['data of the wrong shape', true, new TypeError("Cannot read properties of undefined (reading 'lines')")],
    ['an invalid value for the database (22P02)', true, dbError('22P02')],
    ['a failed check (23514)', true, dbError('23514')],
    ['a lost connection', false, new Error('Connection terminated unexpectedly')],
    ['a handler saying "not yet"', false, new Error('sale s1 not yet in reporting; retry later')],
    ['a deadlock (40P01)', false, dbError('40P01')],
    ['a unique violation (23505), possibly a race', false, dbError('23505')],
    ['a server shutting down (57P01)', false, dbError('57P01')],
  ])('%s: parked %s', (_what, parked, error) => {
    expect(isRefusal(error)).toBe(parked);
  });

  it('reads only envelopes of the subject it was sent on', () => {
    const ok = {
      id: '3f1c1f9e-3d4b-4c8e-9a77-0f0e6c1d2b3a',
      type: 'dukan.catalog.category.deleted.v1',
      occurredAt: 'x',
      branchId: 'main',
      actorId: null,
      data: {},
    };
    expect(parseEnvelope(ok.type, JSON.stringify(ok))).toEqual(ok);
    expect(() => parseEnvelope('dukan.catalog.category.created.v1', JSON.stringify(ok))).toThrow(MalformedEventError);
    expect(() => parseEnvelope(ok.type, JSON.stringify({ ...ok, data: null }))).toThrow('the event has no data');
    expect(() => parseEnvelope(ok.type, '[]')).toThrow('not an event envelope');
    expect(() => parseEnvelope(ok.type, '{')).toThrow(/^not JSON/);
  });
});
