import { describe, expect, it } from 'vitest';
import { customer } from '../../../test/fixtures.js';
import {
  customerCreateBody,
  customerFormFrom,
  customerUpdateBody,
  emptyCustomerForm,
  validateCustomer,
  type CustomerFormValues,
} from './customer-form.js';

const filled = (over: Partial<CustomerFormValues> = {}): CustomerFormValues => ({
  ...emptyCustomerForm(),
  firstName: 'Shilan',
  lastName: 'Aziz',
  phone: '07501234567',
  ...over,
});

describe('customer form rules (spec part 2 §5)', () => {
  it('requires first name, last name and phone', () => {
    expect(validateCustomer(emptyCustomerForm())).toEqual({ firstName: 'required', lastName: 'required', phone: 'required' });
    expect(validateCustomer(filled({ firstName: '   ' }))).toEqual({ firstName: 'required' });
    expect(validateCustomer(filled())).toEqual({});
  });

  it.each([
    ['07501234567', true],
    ['0750 123 4567', true], // as people write it (issue 31)
    ['+964 750 123 4567', true],
    ['+9647501234567', true],
    ['+964-7501234567', true],
    ['00964 750 123 4567', true],
    ['٠٧٥٠١٢٣٤٥٦٧', true], // typed on a Kurdish keyboard
    ['+1 202 555 0123', true],
    ['075012345', false], // a digit short
    ['0750 123 45678', false], // a digit too many
    ['12345678901234', false],
    ['+96412 7501234567', false],
    ['0750-abc-4567', false],
  ])('phone %s is valid: %s', (phone, ok) => {
    expect(validateCustomer(filled({ phone })).phone).toBe(ok ? undefined : 'invalidPhone');
  });

  it('takes an empty email but refuses one that does not look like an address', () => {
    expect(validateCustomer(filled({ email: '' })).email).toBeUndefined();
    expect(validateCustomer(filled({ email: 'shilan@example.com' })).email).toBeUndefined();
    expect(validateCustomer(filled({ email: 'shilan@' })).email).toBe('invalidEmail');
    expect(validateCustomer(filled({ email: 'shilan example.com' })).email).toBe('invalidEmail');
  });

  it('sends trimmed values, the phone in its one form, no blank email on create and null to clear one on edit', () => {
    const v = filled({ firstName: ' Shilan ', phone: '٠٧٥٠ ١٢٣ ٤٥٦٧', email: '  ', city: ' Erbil ' });
    const create = customerCreateBody(v);
    expect(create).not.toHaveProperty('email');
    expect(create).toMatchObject({
      firstName: 'Shilan',
      phone: '+9647501234567',
      address: { city: 'Erbil', street: null, country: 'Iraq' },
    });
    expect(customerUpdateBody(v).email).toBeNull();
  });

  it('shows a kept phone the local way when editing', () => {
    expect(customerFormFrom(customer({ _id: 'c1', firstName: 'A', lastName: 'B', phone: '+9647501234567' })).phone).toBe('0750 123 4567');
    expect(customerFormFrom(customer({ _id: 'c1', firstName: 'A', lastName: 'B', phone: '+12025550123' })).phone).toBe('+1 202 555 0123');
  });
});
