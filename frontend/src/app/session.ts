/** Where the session token lives: localStorage when "remember me" was ticked, else sessionStorage. */
const TOKEN_KEY = 'dukan.token';

export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY) ?? sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function writeToken(token: string, remember: boolean): void {
  try {
    clearToken();
    (remember ? localStorage : sessionStorage).setItem(TOKEN_KEY, token);
  } catch {
    /* storage unavailable: the session lasts until reload */
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
    localStorage.removeItem(TOKEN_KEY);
    sessionStorage.removeItem(TOKEN_KEY);
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

/** The till's register name (spec: read from local storage, default main). */
export function readRegister(): string {
  try {
    return localStorage.getItem('register') || 'main';
  } catch {
    return 'main';
  }
}
