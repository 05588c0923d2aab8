// Secrets never reach the log view or the log file: the first admin's password, the database's password,
// tokens and passwords that a log line might carry.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const HIDDEN = '••••••';

/**
 * The embedded database's password, which the server writes on its first start (until then the URL pattern hides it).
 * @param {string} dataDir
 */
export function databasePassword(dataDir) {
  try {
    return readFileSync(join(dataDir, 'pg-password'), 'utf8');
  } catch {
    return null;
  }
}

/** @param {string} text */
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const PATTERNS = [
  // "password":"…", "newPassword":"…", "token":"…" in JSON lines
  [/("(?:[a-z]*password|passwd|secret|token|authorization)"\s*:\s*")(?:[^"\\]|\\.)*"/gi, `$1${HIDDEN}"`],
  // postgres://user:password@host
  [/([a-z][a-z0-9+.-]*:\/\/[^:/\s@]+:)[^@\s]+@/gi, `$1${HIDDEN}@`],
  [/(Bearer\s+)[A-Za-z0-9._~+/-]+=*/g, `$1${HIDDEN}`],
  // password=… or password: … in plain text
  [/(\bpassword\b\s*[=:]\s*)\S+/gi, `$1${HIDDEN}`],
];

export class Redactor {
  /** @param {Iterable<string | null | undefined>} [secrets] */
  constructor(secrets = []) {
    /** @type {Set<string>} */
    this.secrets = new Set();
    for (const s of secrets) this.add(s);
  }

  /** @param {string | null | undefined} secret */
  add(secret) {
    const value = secret?.trim();
    if (value && value.length >= 4) this.secrets.add(value);
  }

  /** @param {string} line */
  redact(line) {
    let out = line;
    for (const secret of this.secrets) out = out.replace(new RegExp(escapeRegExp(secret), 'g'), HIDDEN);
    for (const [pattern, replacement] of PATTERNS) out = out.replace(/** @type {RegExp} */ (pattern), /** @type {string} */ (replacement));
    return out;
  }
}

const BANNER = /Dukan first run: sign in as "([^"]+)" with password (\S+)/;

/**
 * The account the server made on its first start, read from the line it prints once (identity's first run).
 * @param {string} line
 * @returns {{ username: string, password: string } | null}
 */
export function firstRunAccount(line) {
  const m = BANNER.exec(line);
  return m ? { username: m[1], password: m[2] } : null;
}
