import { DomainError } from './domain-error.js';
import { errorBody } from './error.filter.js';

describe('the error body of a validation failure', () => {
  it('gives each field an object with its text in `message`, first failure first, with the keys beside', () => {
    const error = DomainError.validation({
      'items.0.quantity': { key: 'validation.min', params: { min: 1 } },
      customer: 'validation.required',
    });
    const body = errorBody(error, 'en');
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: 'Validation error' });
    expect(body.errors).toEqual({ 'items.0.quantity': { message: 'Must be at least 1' }, customer: { message: 'This field is required' } });
    expect(Object.keys(body.errors ?? {})[0]).toBe('items.0.quantity');
    expect(body.errorKeys).toEqual({ 'items.0.quantity': 'validation.min', customer: 'validation.required' });
  });

  it('in the caller’s language', () => {
    expect(errorBody(DomainError.validation({ customer: 'validation.required' }), 'ku').errors?.customer?.message).toMatch(
      /[\u0600-\u06FF]/,
    );
  });

  it('has no `errors` when no field is named', () => {
    expect('errors' in errorBody(DomainError.notFound('entities.product'), 'en')).toBe(false);
  });
});

describe('the error body of a value another record holds', () => {
  it('is a 409 on the field, in the caller’s language, naming the record with its id so a client can link to it', () => {
    const error = DomainError.heldBy('phone', 'customers.duplicatePhone', { id: 'c-1', name: 'Lana Jalal' });
    expect(error.status).toBe(409);
    const body = errorBody(error, 'en');
    expect(body).toMatchObject({ code: 'CONFLICT', message: 'A customer with this phone number already exists: Lana Jalal' });
    expect(body.errors).toEqual({ phone: { message: 'A customer with this phone number already exists: Lana Jalal' } });
    expect(body.existing).toEqual({ id: 'c-1', name: 'Lana Jalal' });
    expect(errorBody(error, 'ku').errors?.phone?.message).toBe('کڕیارێک بەم ژمارە تەلەفۆنەوە پێشتر هەیە: Lana Jalal');
    expect('existing' in errorBody(DomainError.notFound('entities.customer'), 'en')).toBe(false);
  });
});
