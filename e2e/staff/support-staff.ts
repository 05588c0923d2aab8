// Helpers of the staff browser tests.
import { api, unique } from '../support.js';

/** A user made through the API with a chosen role, language and last name (to find them again). */
export async function registerUser(
  adminToken: string,
  opts: { role: 'admin' | 'manager' | 'cashier'; lastName?: string; language?: 'en' | 'ku'; active?: boolean },
): Promise<{ _id: string; username: string; password: string }> {
  const username = `${opts.role}${unique()}`;
  const password = `pw-${unique()}`;
  const r = await api('/auth/register', {
    token: adminToken,
    body: {
      username,
      password,
      firstName: 'Dilan',
      lastName: opts.lastName ?? 'Salih',
      email: `${username}@example.com`,
      role: opts.role,
      ...(opts.language ? { languagePreference: opts.language } : {}),
      ...(opts.active === false ? { active: false } : {}),
    },
  });
  if (r.status >= 300) throw new Error(`register failed: ${r.status} ${JSON.stringify(r.body)}`);
  return { _id: r.body.data._id, username, password };
}
