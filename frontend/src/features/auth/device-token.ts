/**
 * The token the server gives this device at each sign-in to an account, kept per account and sent with the next
 * sign-in: guesses from the shop's address (every desktop user signs in from the same one) cannot lock it out.
 */
const key = (username: string) => `dukan.device.${username.trim().toLowerCase()}`;

export function readDeviceToken(username: string): string | null {
  try {
    return localStorage.getItem(key(username));
  } catch {
    return null;
  }
}

export function keepDeviceToken(username: string, token: string | undefined): void {
  if (!token) return;
  try {
    localStorage.setItem(key(username), token);
  } catch {
    /* storage unavailable: this device signs in as any other */
  }
}
