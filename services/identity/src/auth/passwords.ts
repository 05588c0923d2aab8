import argon2 from 'argon2';

/** argon2id with OWASP's minimum: 19 MiB of memory, 2 iterations. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/** Spends the same time on an unknown username as on a wrong password, so timing reveals no usernames. */
export async function burnVerification(password: string): Promise<void> {
  dummy ??= hashPassword('dukan-timing-equaliser');
  await verifyPassword(await dummy, password);
}
