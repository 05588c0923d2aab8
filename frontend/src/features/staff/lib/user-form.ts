// Rules of the staff user form (spec part 2 §5): pure functions, tested in user-form.spec.ts.
import {
  formatPhone,
  isValidEmail,
  isValidPassword,
  isValidPhone,
  isValidUsername,
  MIN_PASSWORD_LENGTH,
  parsePhone,
  type AuthUserDto,
  type Locale,
  type Role,
} from '@dukan/contracts';
import type { UserPayload } from '../api/staff-api.js';

export type UserFormMode = 'create' | 'edit';

export interface UserFormValues {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  role: Role;
  active: boolean;
  languagePreference: Locale;
}

export type UserField = 'username' | 'firstName' | 'lastName' | 'email' | 'phone' | 'password';

/** A message key under `staff.form.*` per field in error; the rules are the server's own (contracts' validation.ts). */
export type UserFormErrors = Partial<Record<UserField, string>>;

export function emptyUserForm(): UserFormValues {
  return {
    username: '',
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    password: '',
    role: 'cashier',
    active: true,
    languagePreference: 'en',
  };
}

/** The form filled from an existing user; the password stays blank (blank keeps the old one). */
export function userFormFrom(user: AuthUserDto): UserFormValues {
  return {
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone ? formatPhone(user.phone) : '',
    password: '',
    role: user.role,
    active: user.active,
    languagePreference: user.languagePreference ?? 'en',
  };
}

export function validateUserForm(values: UserFormValues, mode: UserFormMode): UserFormErrors {
  const errors: UserFormErrors = {};
  const username = values.username.trim();
  if (!username) errors.username = 'required';
  else if (!isValidUsername(username)) errors.username = 'invalidUsername';
  if (!values.firstName.trim()) errors.firstName = 'required';
  if (!values.lastName.trim()) errors.lastName = 'required';
  const email = values.email.trim();
  if (!email) errors.email = 'required';
  else if (!isValidEmail(email)) errors.email = 'invalidEmail';
  const phone = values.phone.trim();
  if (phone && !isValidPhone(phone)) errors.phone = 'invalidPhone';
  if (mode === 'create' && !values.password) errors.password = 'required';
  else if (values.password && !isValidPassword(values.password)) errors.password = 'passwordTooShort';
  return errors;
}

/**
 * The body of POST /auth/register or PUT /auth/users/{id}: trimmed texts; on edit a blank password is left
 * out (the old one stays), a cleared phone is sent blank (removed); on create a blank phone is left out.
 */
export function userPayload(values: UserFormValues, mode: UserFormMode): UserPayload {
  const typed = values.phone.trim();
  const phone = parsePhone(typed) ?? typed;
  return {
    username: values.username.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    ...(phone || mode === 'edit' ? { phone } : {}),
    ...(values.password ? { password: values.password } : {}),
    role: values.role,
    active: values.active,
    languagePreference: values.languagePreference,
  };
}

/** The branch fields of the form: the home branch and the branches the user may work in. */
export interface BranchChoice {
  homeBranch: string;
  branches: string[];
}

/** The branch fields filled from a user (none named: the first active branch, here the shop's default). */
export function branchChoiceFrom(
  user: Pick<AuthUserDto, 'homeBranch' | 'branches'> | null,
  activeBranches: readonly string[],
): BranchChoice {
  const homeBranch = user?.homeBranch ?? activeBranches[0] ?? 'main';
  return { homeBranch, branches: user?.branches ?? [homeBranch] };
}

/** Ticking or unticking a branch; the home branch stays ticked, and unticking the home moves it to the first left. */
export function toggleBranch(choice: BranchChoice, branch: string, on: boolean): BranchChoice {
  const branches = on ? [...new Set([...choice.branches, branch])] : choice.branches.filter((b) => b !== branch);
  if (branches.length === 0) return choice;
  return { homeBranch: branches.includes(choice.homeBranch) ? choice.homeBranch : branches[0]!, branches };
}

/** Choosing the home branch also ticks it. */
export function chooseHome(choice: BranchChoice, homeBranch: string): BranchChoice {
  return { homeBranch, branches: [...new Set([...choice.branches, homeBranch])] };
}

/** Reset password: the confirm button waits for enough characters. */
export function canResetPassword(newPassword: string): boolean {
  return newPassword.length >= MIN_PASSWORD_LENGTH;
}
