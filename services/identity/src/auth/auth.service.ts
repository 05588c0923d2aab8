import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { LoginResponse } from '@dukan/contracts';
import { DomainError, TokenSigner, TokenVerifier, type RequestContext } from '@dukan/platform';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config.js';
import { toAuthUser, toUserDto } from '../users/user.mapper.js';
import { UsersService } from '../users/users.service.js';
import { burnVerification, verifyPassword } from './passwords.js';
import { ThrottleService } from './throttle.service.js';

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly throttle: ThrottleService,
    private readonly signer: TokenSigner,
    private readonly verifier: TokenVerifier,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /**
   * `address`: the client's, as the edge saw it (the request context's clientAddress). `deviceToken`: the one this
   * device was given when the account last signed in from it; such an attempt is counted for the account on that
   * device only, so guesses from the same address cannot lock the account out of it. Every sign-in answers one.
   */
  async login(username: string, password: string, rememberMe: boolean, address: string, deviceToken?: string): Promise<LoginResponse> {
    const device = this.verifier.verifyDevice(deviceToken, username);
    // Counted before the password is looked at: guesses sent together cannot all be evaluated.
    await this.throttle.takeAttempt(username, address, device);
    const user = await this.users.findByUsername(username);
    const ok = user ? await verifyPassword(user.passwordHash, password) : (await burnVerification(password), false);
    if (!user || !ok) throw new DomainError('INVALID_CREDENTIALS', 'auth.invalidCredentials');
    if (!user.active) throw new DomainError('ACCOUNT_INACTIVE', 'auth.accountInactive');
    await this.throttle.succeeded(username, address, device);
    await this.users.recordLogin(user.id);
    user.lastLogin = new Date();
    const ttlSeconds = rememberMe ? this.config.REMEMBER_ME_DAYS * 86_400 : this.config.TOKEN_TTL_HOURS * 3600;
    const token = this.signer.sign(toAuthUser(user), Math.round(ttlSeconds));
    const known = device ?? { username, deviceId: randomBytes(16).toString('base64url') };
    return { success: true, token, data: toUserDto(user), message: 'Login successful', deviceToken: this.signer.signDevice(known) };
  }

  /**
   * Swaps a token that a permission or role change made stale for one with the user's current permissions,
   * expiring when the old one would have. Refused after logout, password reset, deactivation or deletion,
   * for an expired or forged token, and for an inactive account.
   */
  async refresh(authorization: string | undefined): Promise<LoginResponse> {
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : '';
    if (!token) throw new DomainError('UNAUTHENTICATED', 'auth.required');
    const claims = this.verifier.verify(token);
    const user = await this.users.findLive(claims.id).catch((e: unknown) => {
      if (e instanceof DomainError && e.code === 'NOT_FOUND') return null; // deleted
      throw e;
    });
    if (!user || claims.tokenVersion < user.refreshFloor || claims.tokenVersion > user.tokenVersion || !claims.expiresAt) {
      throw new DomainError('TOKEN_REVOKED', 'auth.tokenRevoked');
    }
    if (!user.active) throw new DomainError('ACCOUNT_INACTIVE', 'auth.accountInactive');
    return {
      success: true,
      token: this.signer.signUntil(toAuthUser(user), claims.expiresAt),
      data: toUserDto(user),
      message: 'Token refreshed',
    };
  }

  async logout(ctx: RequestContext): Promise<void> {
    if (ctx.actorId) await this.users.revokeSessions(ctx, ctx.actorId, 'logout');
  }
}
