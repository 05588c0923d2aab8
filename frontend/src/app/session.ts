import type { SignedInUser } from '../features/auth/types.js';

/**
 * Where the session token lives: localStorage when "remember me" was ticked, else sessionStorage. The signed-in
 * user is kept beside it, so a reopened app shows its screens at once (and the till opens with the server
 * unreachable) while the server confirms the session.
 */
const TOKEN_KEY = 'dukan.token';
const USER_KEY = 'dukan.user';

export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY) ?? sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function writeToken(token: string, remember: boolean, user?: SignedInUser): void {
  try {
    const keptUser = readUser();
    clearToken();
    const storage = remember ? localStorage : sessionStorage;
    storage.setItem(TOKEN_KEY, token);
    const kept = user ?? keptUser;
    if (kept) storage.setItem(USER_KEY, JSON.stringify(kept));
  } catch {
    /* storage unavailable: the session lasts until reload */
  }
}

function tokenStorage(): Storage | null {
  if (localStorage.getItem(TOKEN_KEY) !== null) return localStorage;
  if (sessionStorage.getItem(TOKEN_KEY) !== null) return sessionStorage;
  return null;
}

/** The user last confirmed by the server for the kept token, or null. */
export function readUser(): SignedInUser | null {
  try {
    const raw = tokenStorage()?.getItem(USER_KEY);
    const user = raw ? (JSON.parse(raw) as SignedInUser) : null;
    return user && typeof user._id === 'string' && typeof user.role === 'string' ? user : null;
  } catch {
    return null;
  }
}

/** Keeps the user the server just confirmed, where the token is kept. */
export function keepUser(user: SignedInUser): void {
  try {
    tokenStorage()?.setItem(USER_KEY, JSON.stringify(user));
  } catch {
    /* storage unavailable or full: the next open checks with the server first */
  }
}

/** A refreshed token goes where the old one was kept (so "remember me" still holds). */
export function replaceToken(token: string): void {
  let remembered = false;
  try {
    remembered = localStorage.getItem(TOKEN_KEY) !== null;
  } catch {
    /* storage unavailable */
  }
  writeToken(token, remembered);
}

export function clearToken(): void {
  try {
    for (const storage of [localStorage, sessionStorage]) {
      storage.removeItem(TOKEN_KEY);
      storage.removeItem(USER_KEY);
    }
  } catch {
    /* nothing stored */
  }
}

const BRANCH_KEY = 'dukan.branch';

/** The branch this device works in, chosen once in the header's picker; null: the user's home branch. */
export function readBranch(): string | null {
  try {
    return localStorage.getItem(BRANCH_KEY) || null;
  } catch {
    return null;
  }
}

/** Binds this device to a branch and one of its registers (kept across sign-ins); null branch: back to home. */
export function writeBranch(branch: string | null, register?: string): void {
  try {
    if (branch) localStorage.setItem(BRANCH_KEY, branch);
    else localStorage.removeItem(BRANCH_KEY);
    if (register) localStorage.setItem('register', register);
  } catch {
    /* storage unavailable: the home branch applies */
  }
}

const DEVICE_KEY = 'dukan.device';

/** This browser's own random id, made once: the server tells a till when another device uses its register. */
export function deviceId(): string | undefined {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}

/** The till's register name (spec: read from local storage, default main). */
export function readRegister(): string {
  try {
    return localStorage.getItem('register') || 'main';
  } catch {
    return 'main';
  }
}
