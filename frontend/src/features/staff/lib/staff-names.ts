import type { AuthUserDto } from '@dukan/contracts';

/** A staff member's name as the screens show it: first and last name, or the username when both are blank. */
export const fullName = (u: Pick<AuthUserDto, 'firstName' | 'lastName' | 'username'>) =>
  `${u.firstName} ${u.lastName}`.trim() || u.username;
