/** Identity's answer to "is this token still the current one for this user?" */
export interface SessionState {
  tokenVersion: number;
  active: boolean;
}

export interface SessionValidator {
  current(userId: string): Promise<SessionState | null>;
}

/** Provided by identity where it runs in the same process, by an HTTP client in the cluster gateway. */
export const SESSION_VALIDATOR = Symbol('SESSION_VALIDATOR');

/** Asks identity over HTTP (cluster gateway). */
export class HttpSessionValidator implements SessionValidator {
  constructor(private readonly identityUrl: string, private readonly internalToken: string | undefined) {}

  async current(userId: string): Promise<SessionState | null> {
    const res = await fetch(`${this.identityUrl}/internal/auth/sessions/${encodeURIComponent(userId)}`, {
      headers: this.internalToken ? { 'x-dukan-internal': this.internalToken } : {},
      signal: AbortSignal.timeout(5000),
    });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`identity answered ${res.status}`);
    return (await res.json()) as SessionState;
  }
}
