import {
  CachingSessionValidator,
  forwardedRights,
  parseForwardedRights,
  type SessionState,
  type SessionValidator,
} from './session-validator.js';

/** identity as the cache sees it: a table of current states, counting the questions asked. */
class FakeIdentity implements SessionValidator {
  readonly states = new Map<string, SessionState>();
  asked = 0;
  release: (() => void) | null = null;
  hold = false;
  async current(userId: string): Promise<SessionState | null> {
    this.asked += 1;
    const answer = this.states.get(userId) ?? null;
    if (this.hold) await new Promise<void>((r) => (this.release = r));
    return answer ? { ...answer } : null;
  }
}

describe('CachingSessionValidator', () => {
  let clock = 0;
  let identity: FakeIdentity;
  let cache: CachingSessionValidator;
  beforeEach(() => {
    clock = 1_000;
    identity = new FakeIdentity();
    identity.states.set('u1', { tokenVersion: 1, active: true });
    cache = new CachingSessionValidator(identity, { ttlMs: 2_000, now: () => clock });
  });

  it('asks identity once per user within the TTL, and again after it', async () => {
    for (let i = 0; i < 5; i++) expect(await cache.current('u1')).toEqual({ tokenVersion: 1, active: true });
    expect(identity.asked).toBe(1);
    clock += 2_000;
    identity.states.set('u1', { tokenVersion: 2, active: true });
    expect((await cache.current('u1'))?.tokenVersion).toBe(2);
    expect(identity.asked).toBe(2);
  });

  it('sends one question for many calls that arrive together', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.current('u1')));
    expect(answers.every((a) => a?.tokenVersion === 1)).toBe(true);
    expect(identity.asked).toBe(1);
  });

  it('sees a revocation at once after forget or clear', async () => {
    await cache.current('u1');
    identity.states.set('u1', { tokenVersion: 2, active: true });
    cache.forget('u1');
    expect((await cache.current('u1'))?.tokenVersion).toBe(2);
    identity.states.set('u1', { tokenVersion: 3, active: false });
    cache.clear();
    expect(await cache.current('u1')).toEqual({ tokenVersion: 3, active: false });
  });

  it('does not keep an answer that was in flight when the user was forgotten', async () => {
    identity.hold = true;
    const early = cache.current('u1'); // identity is answering "version 1"...
    await Promise.resolve();
    identity.states.set('u1', { tokenVersion: 2, active: true }); // ...when a logout bumps it
    cache.forget('u1');
    identity.release?.();
    expect((await early)?.tokenVersion).toBe(1); // the call that asked before the logout
    identity.hold = false;
    expect((await cache.current('u1'))?.tokenVersion).toBe(2); // every later call asks afresh
  });

  it('asks again when a token is newer than the answer it holds (a refresh after a change made elsewhere)', async () => {
    expect((await cache.current('u1', 1))?.tokenVersion).toBe(1);
    identity.states.set('u1', { tokenVersion: 2, active: true });
    expect((await cache.current('u1', 1))?.tokenVersion).toBe(1); // the old token: the cached answer is enough
    expect((await cache.current('u1', 2))?.tokenVersion).toBe(2);
    expect(identity.asked).toBe(2);
    expect((await cache.current('u1', 2))?.tokenVersion).toBe(2);
    expect(identity.asked).toBe(2);
  });

  it('remembers that a user does not exist, but never keeps a failed answer', async () => {
    expect(await cache.current('ghost')).toBeNull();
    expect(await cache.current('ghost')).toBeNull();
    expect(identity.asked).toBe(1);
    const failing = new CachingSessionValidator({ current: () => Promise.reject(new Error('identity down')) }, { ttlMs: 2_000 });
    await expect(failing.current('u1')).rejects.toThrow('identity down');
    expect(failing.size).toBe(0);
  });
});

describe('the rights the gateway forwards to a service', () => {
  it('read back as they were sent', () => {
    const rights = { role: 'cashier' as const, permissions: { staff: ['view' as const] }, homeBranch: 'b', branches: ['a', 'b'] };
    expect(parseForwardedRights(forwardedRights(rights))).toEqual(rights);
  });

  it.each([
    ['absent', undefined],
    ['not base64url JSON', 'not json'],
    [
      'an unknown role',
      Buffer.from(JSON.stringify({ role: 'owner', permissions: null, homeBranch: null, branches: null })).toString('base64url'),
    ],
    [
      'branches not texts',
      Buffer.from(JSON.stringify({ role: 'cashier', permissions: null, homeBranch: null, branches: [1] })).toString('base64url'),
    ],
  ])('%s: none', (_label, header) => {
    expect(parseForwardedRights(header)).toBeNull();
  });
});
