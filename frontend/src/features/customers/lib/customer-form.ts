import { DEFAULT_COUNTRY, formatPhone, isValidEmail, isValidPhone, parsePhone, type CustomerDto, type Locale } from '@dukan/contracts';
import type { NewCustomer } from '../../../app/shared-api.js';
import { toWesternDigits } from '../../../lib/money.js';
import type { CustomerInput } from '../api/customers-api.js';

export interface CustomerFormValues {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  languagePreference: Locale;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

export type CustomerField = keyof CustomerFormValues;

/** Which rule a field broke: the screen turns it into a text of the user's language. */
export type CustomerFormError = 'required' | 'invalidPhone' | 'invalidEmail';

export function emptyCustomerForm(): CustomerFormValues {
  return {
    firstName: '',
    lastName: '',
    phone: '',
    email: '',
    languagePreference: 'en',
    street: '',
    city: '',
    state: '',
    zipCode: '',
    country: '',
  };
}

export function customerFormFrom(c: CustomerDto): CustomerFormValues {
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    // Kept as E.164; shown and edited the local way ('0750 123 4567').
    phone: formatPhone(c.phone),
    email: c.email ?? '',
    languagePreference: c.languagePreference === 'ku' ? 'ku' : 'en',
    street: c.address?.street ?? '',
    city: c.address?.city ?? '',
    state: c.address?.state ?? '',
    zipCode: c.address?.zipCode ?? '',
    // The default shows as the field's placeholder, in the user's language; a blank country is saved as the default.
    country: c.address?.country && c.address.country !== DEFAULT_COUNTRY ? c.address.country : '',
  };
}

/** A phone as typed (spaces, dashes, +964 or 0, Kurdish or Arabic digits) in the one form the server keeps (E.164). */
export function normalisePhone(phone: string): string {
  return parsePhone(phone) ?? toWesternDigits(phone.trim());
}

/**
 * Spec part 2 §5: first name, last name and phone are required; the phone is any common way of writing a number
 * (parsePhone: an Iraqi one without a country code); the email is optional but must look like one.
 */
export function validateCustomer(v: CustomerFormValues): Partial<Record<CustomerField, CustomerFormError>> {
  const errors: Partial<Record<CustomerField, CustomerFormError>> = {};
  if (!v.firstName.trim()) errors.firstName = 'required';
  if (!v.lastName.trim()) errors.lastName = 'required';
  const phone = normalisePhone(v.phone);
  if (!phone) errors.phone = 'required';
  else if (!isValidPhone(phone)) errors.phone = 'invalidPhone';
  const email = v.email.trim();
  if (email && !isValidEmail(email)) errors.email = 'invalidEmail';
  return errors;
}

const orNull = (s: string) => s.trim() || null;

/** The body of a PUT: every field, blanks as null so a cleared email or address line is cleared. */
export function customerUpdateBody(v: CustomerFormValues): CustomerInput {
  return {
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    phone: normalisePhone(v.phone),
    email: orNull(v.email),
    languagePreference: v.languagePreference,
    address: {
      street: orNull(v.street),
      city: orNull(v.city),
      state: orNull(v.state),
      zipCode: orNull(v.zipCode),
      country: v.country.trim() || DEFAULT_COUNTRY,
    },
  };
}

/** The body of a POST: blank optional fields are left out. */
export function customerCreateBody(v: CustomerFormValues): NewCustomer & Pick<CustomerInput, 'languagePreference' | 'address'> {
  const { email, ...rest } = customerUpdateBody(v);
  return email ? { ...rest, email } : rest;
}
