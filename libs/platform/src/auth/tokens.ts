import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Locale, Permissions, Role } from '@dukan/contracts';
import { DomainError } from '../errors/domain-error.js';
import type { AuthUser } from '../context/request-context.js';

const ALGORITHM = 'ES256' as const;

interface DukanClaims {
  sub: string;
  ver: number;
  usr: string;
  role: Role;
  perms: Permissions | null;
  lang: Locale;
  /** Home branch (absent: the installation's default). */
  hb?: string;
  /** The branches the user may work in (absent: the home branch only; admins: every branch). */
  brs?: string[];
}

export interface TokenSettings {
  issuer: string;
  audience: string;
}

/** The audience of a device token: never an access token (every verifier pins the access audience). */
const DEVICE_AUDIENCE = 'dukan-device';
const DEVICE_TOKEN_DAYS = 365;

/** A device a user signed in from: it proves the device, never the user (the password is still asked). */
export interface KnownDevice {
  username: string;
  deviceId: string;
}

/** Only identity holds a signer. */
export class TokenSigner {
  private readonly privateKey: KeyObject;

  constructor(
    privateKeyPem: string,
    private readonly settings: TokenSettings,
  ) {
    this.privateKey = createPrivateKey(privateKeyPem);
  }

  sign(user: AuthUser, expiresInSeconds: number): string {
    return this.signUntil(user, Math.floor(Date.now() / 1000) + expiresInSeconds);
  }

  /** A token that expires at `expiresAt` (seconds since the epoch), e.g. the expiry of the token it replaces. */
  signUntil(user: AuthUser, expiresAt: number): string {
    const claims: DukanClaims = {
      sub: user.id,
      ver: user.tokenVersion,
      usr: user.username,
      role: user.role,
      perms: user.permissions,
      lang: user.languagePreference,
      ...(user.homeBranch && { hb: user.homeBranch }),
      ...(user.branches && { brs: user.branches }),
    };
    return jwt.sign({ ...claims, exp: expiresAt }, this.privateKey, {
      algorithm: ALGORITHM,
      issuer: this.settings.issuer,
      audience: this.settings.audience,
    });
  }

  /** A token naming the device `username` signed in from, issued after a successful sign-in (login throttling). */
  signDevice(device: KnownDevice): string {
    return jwt.sign({ usr: device.username.trim().toLowerCase(), dev: device.deviceId }, this.privateKey, {
      algorithm: ALGORITHM,
      issuer: this.settings.issuer,
      audience: DEVICE_AUDIENCE,
      expiresIn: DEVICE_TOKEN_DAYS * 86_400,
    });
  }
}

/** Everyone verifies: algorithm pinned, issuer, audience and expiry checked. */
/** How many checked tokens a verifier remembers (a few hundred bytes each). */
const VERIFIED_TOKENS_KEPT = 5_000;

export class TokenVerifier {
  // Parsed once: jsonwebtoken would otherwise rebuild the key from PEM on every request.
  private readonly publicKey: KeyObject;

  constructor(
    publicKeyPem: string,
    private readonly settings: TokenSettings,
  ) {
    this.publicKey = createPublicKey(publicKeyPem);
  }

  /**
   * Tokens whose signature and claims were checked, by their text: the same token on the next call costs no signature
   * check (ES256's verify was a tenth of a sale's CPU). Each use checks its expiry again; bounded, oldest out first.
   */
  private readonly verified = new Map<string, AuthUser>();

  verify(token: string): AuthUser {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt === undefined || Math.floor(Date.now() / 1000) < known.expiresAt) return { ...known };
      this.verified.delete(token); // expired: checked afresh below, and refused as expired
    }
    const user = this.check(token);
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, user);
    return { ...user };
  }

  private check(token: string): AuthUser {
    let payload: jwt.JwtPayload | string;
    try {
      payload = jwt.verify(token, this.publicKey, {
        algorithms: [ALGORITHM],
        issuer: this.settings.issuer,
        audience: this.settings.audience,
      });
    } catch (e) {
      if (e instanceof jwt.TokenExpiredError) throw new DomainError('TOKEN_EXPIRED', 'auth.tokenExpired');
      throw new DomainError('TOKEN_INVALID', 'auth.tokenInvalid');
    }
    if (typeof payload === 'string' || typeof payload.sub !== 'string' || typeof payload.ver !== 'number') {
      throw new DomainError('TOKEN_INVALID', 'auth.tokenInvalid');
    }
    const claims = payload as jwt.JwtPayload & DukanClaims;
    return {
      id: claims.sub,
      username: claims.usr,
      role: claims.role,
      permissions: claims.perms ?? null,
      tokenVersion: claims.ver,
      languagePreference: claims.lang === 'ku' ? 'ku' : 'en',
      homeBranch: typeof claims.hb === 'string' ? claims.hb : null,
      branches: Array.isArray(claims.brs) ? claims.brs.filter((b): b is string => typeof b === 'string') : null,
      ...(typeof claims.exp === 'number' && { expiresAt: claims.exp }),
    };
  }

  /** The device a device token names, when it is genuine, current and for `username`; otherwise null. */
  verifyDevice(token: string | undefined, username: string): KnownDevice | null {
    if (!token) return null;
    try {
      const payload = jwt.verify(token, this.publicKey, {
        algorithms: [ALGORITHM],
        issuer: this.settings.issuer,
        audience: DEVICE_AUDIENCE,
      });
      if (typeof payload === 'string' || typeof payload.dev !== 'string' || payload.usr !== username.trim().toLowerCase()) return null;
      return { username: payload.usr, deviceId: payload.dev };
    } catch {
      return null;
    }
  }
}
