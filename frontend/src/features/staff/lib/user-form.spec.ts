import { describe, expect, it } from 'vitest';
import { isValidEmail, translate } from '@dukan/contracts';
import { en as staffEn, ku as staffKu } from '../texts.js';
import {
  branchChoiceFrom,
  canResetPassword,
  chooseHome,
  emptyUserForm,
  toggleBranch,
  userFormFrom,
  userPayload,
  validateUserForm,
  type UserFormValues,
} from './user-form.js';
import { staffUser } from '../../../test/fixtures.js';

const filled: UserFormValues = {
  ...emptyUserForm(),
  username: 'rezan',
  firstName: 'Rezan',
  lastName: 'Kamal',
  email: 'rezan@example.com',
  password: 'secret1',
};

describe('user form rules', () => {
  it('requires username, first name, last name and email, and a password on create', () => {
    expect(validateUserForm(emptyUserForm(), 'create')).toEqual({
      username: 'required',
      firstName: 'required',
      lastName: 'required',
      email: 'required',
      password: 'required',
    });
    expect(validateUserForm({ ...filled, firstName: '   ' }, 'create')).toEqual({ firstName: 'required' });
    expect(validateUserForm(filled, 'create')).toEqual({});
  });

  it.each([
    ['not-an-email', 'invalidEmail'],
    ['a@b', 'invalidEmail'],
    ['a b@c.de', 'invalidEmail'],
    ['a@b.c', 'invalidEmail'],
  ])('refuses the email %s', (email, key) => {
    expect(validateUserForm({ ...filled, email }, 'create').email).toBe(key);
  });

  it('refuses a@b.c as the server does, in the words the server uses', () => {
    const key = validateUserForm({ ...filled, email: 'a@b.c' }, 'create').email!;
    expect(isValidEmail('a@b.c')).toBe(false);
    expect([staffEn.form[key as 'invalidEmail'], staffKu.form[key as 'invalidEmail']]).toEqual([
      translate('en', 'validation.invalidEmail'),
      translate('ku', 'validation.invalidEmail'),
    ]);
    expect(validateUserForm({ ...filled, email: 'a@b.co' }, 'create').email).toBeUndefined();
  });

  it('shows each rule in the wording the server answers with', () => {
    const shown = ['invalidUsername', 'invalidEmail', 'invalidPhone', 'passwordTooShort'] as const;
    for (const key of shown) {
      expect(staffEn.form[key]).toBe(translate('en', `validation.${key}`));
      expect(staffKu.form[key]).toBe(translate('ku', `validation.${key}`));
    }
  });

  it('wants at least 6 characters of password on create, and on edit only when one is typed', () => {
    expect(validateUserForm({ ...filled, password: '12345' }, 'create').password).toBe('passwordTooShort');
    expect(validateUserForm({ ...filled, password: '123456' }, 'create').password).toBeUndefined();
    expect(validateUserForm({ ...filled, password: '' }, 'edit').password).toBeUndefined();
    expect(validateUserForm({ ...filled, password: 'abc' }, 'edit').password).toBe('passwordTooShort');
  });

  it.each([
    ['', undefined],
    ['07501234567', undefined],
    ['+964 7501234567', undefined],
    ['+964-7501234567', undefined],
    ['075012', 'invalidPhone'],
    ['0750-123-4567', undefined], // as people write it (issue 31)
    ['0750 123 4567', undefined],
    ['٠٧٥٠١٢٣٤٥٦٧', undefined],
    ['0750 123 45678', 'invalidPhone'],
    ['phone', 'invalidPhone'],
  ])('phone %j is optional but must be a phone number', (phone, key) => {
    expect(validateUserForm({ ...filled, phone }, 'create').phone).toBe(key);
  });

  it('refuses a username with spaces or symbols the server would refuse', () => {
    expect(validateUserForm({ ...filled, username: 'rezan kamal' }, 'create').username).toBe('invalidUsername');
    expect(validateUserForm({ ...filled, username: 'rezan.k_1-a' }, 'create').username).toBeUndefined();
  });

  it('sends no password on edit when it is blank, and the typed one otherwise', () => {
    const edited = userPayload({ ...filled, password: '' }, 'edit');
    expect('password' in edited).toBe(false);
    expect(userPayload({ ...filled, password: 'newpass' }, 'edit').password).toBe('newpass');
    expect(userPayload(filled, 'create').password).toBe('secret1');
  });

  it('trims texts; a blank phone is left out on create and sent blank on edit (removing it)', () => {
    const body = userPayload({ ...filled, username: ' rezan ', email: ' rezan@example.com ', phone: '  ' }, 'create');
    expect(body.username).toBe('rezan');
    expect(body.email).toBe('rezan@example.com');
    expect('phone' in body).toBe(false);
    expect(userPayload({ ...filled, phone: '' }, 'edit').phone).toBe('');
    expect(userPayload({ ...filled, phone: ' 0750 123 4567 ' }, 'edit').phone).toBe('+9647501234567');
  });

  it('fills the edit form from a user with a blank password', () => {
    const form = userFormFrom(
      staffUser({
        _id: 'u9',
        username: 'karwan',
        firstName: 'Karwan',
        lastName: 'Kamal',
        email: 'k@example.com',
        phone: null,
        role: 'manager',
        active: false,
        languagePreference: 'ku',
        lastLogin: null,
        permissions: null,
      }),
    );
    expect(form).toMatchObject({ username: 'karwan', phone: '', password: '', role: 'manager', active: false, languagePreference: 'ku' });
  });

  it('shows a kept phone (E.164) the local way in the edit form', () => {
    const form = userFormFrom(
      staffUser({
        _id: 'u9',
        username: 'karwan',
        firstName: 'Karwan',
        lastName: 'Kamal',
        email: 'k@example.com',
        phone: '+9647501234567',
        role: 'cashier',
        active: true,
        languagePreference: 'en',
        lastLogin: null,
        permissions: null,
      }),
    );
    expect(form.phone).toBe('0750 123 4567');
  });

  it('enables the reset confirm from 6 characters on', () => {
    expect(canResetPassword('')).toBe(false);
    expect(canResetPassword('12345')).toBe(false);
    expect(canResetPassword('123456')).toBe(true);
  });
});

describe('branch choice', () => {
  it("starts at the user's branches, or the first active branch for a user who has none", () => {
    expect(branchChoiceFrom({ homeBranch: 'b', branches: ['a', 'b'] }, ['a', 'b'])).toEqual({ homeBranch: 'b', branches: ['a', 'b'] });
    expect(branchChoiceFrom({ homeBranch: null, branches: null }, ['main', 'b'])).toEqual({ homeBranch: 'main', branches: ['main'] });
    expect(branchChoiceFrom(null, [])).toEqual({ homeBranch: 'main', branches: ['main'] });
  });

  it.each([
    [{ homeBranch: 'a', branches: ['a'] }, 'b', true, { homeBranch: 'a', branches: ['a', 'b'] }],
    [{ homeBranch: 'a', branches: ['a', 'b'] }, 'a', false, { homeBranch: 'b', branches: ['b'] }],
    [{ homeBranch: 'a', branches: ['a'] }, 'a', false, { homeBranch: 'a', branches: ['a'] }],
  ])('%o toggling %s to %p -> %o', (choice, branch, on, expected) => {
    expect(toggleBranch(choice, branch, on)).toEqual(expected);
  });

  it('ticks the branch chosen as home', () => {
    expect(chooseHome({ homeBranch: 'a', branches: ['a'] }, 'c')).toEqual({ homeBranch: 'c', branches: ['a', 'c'] });
  });
});
