import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { existsSync } from 'node:fs';
import { defaultKeyPaths, loadOrCreateKeyPair, readPublicKey } from '../auth/keys.js';
import { RouteAuthGuard } from '../auth/route-auth.guard.js';
import { BRANCH_DIRECTORY, remoteBranchDirectory } from '../auth/branch-directory.js';
import { remoteSessionValidator, SESSION_VALIDATOR, type SessionValidator } from '../auth/session-validator.js';
import { TokenVerifier } from '../auth/tokens.js';
import type { PlatformConfig } from '../config/config.js';
import { EVENT_BUS, type EventBus } from '../events/event-bus.js';
import { InProcessEventBus } from '../events/in-process-bus.js';
import { NatsEventBus } from '../events/nats-bus.js';
import { HealthController, HealthRegistry } from '../health/health.js';
import { RelayRegistry } from './relay-registry.js';
import { PLATFORM_CONFIG } from './tokens.js';

export interface PlatformCoreOptions {
  config: PlatformConfig;
  /** Process name, used for NATS connection names and logs. */
  processName: string;
  /** Create the signing key pair if missing (the process that hosts identity); others only read the public key. */
  ownsSigningKey: boolean;
  /** A bus built by the caller (tests share one between apps); otherwise built from config. */
  bus?: EventBus;
  /**
   * How this process checks that a token is still current: 'remote' asks identity over HTTP (a service behind
   * the gateway, the gateway itself); a validator given here is used as is (tests); none when identity is a
   * module of this app and provides its own.
   */
  sessions?: 'remote' | SessionValidator;
  /**
   * Settings' branches asked over its internal route, for checking a branch a request names: implied by
   * sessions 'remote'; identity (which checks its own sessions) asks for it alone in the cluster.
   */
  branches?: 'remote';
}

export function publicKeyFor(config: PlatformConfig, ownsSigningKey: boolean): string {
  const paths = defaultKeyPaths(config.DUKAN_DATA_DIR);
  if (ownsSigningKey) return loadOrCreateKeyPair(paths).publicKey;
  const file = config.JWT_PUBLIC_KEY_FILE ?? paths.publicKeyFile;
  if (!existsSync(file)) throw new Error(`JWT public key not found at ${file}: set JWT_PUBLIC_KEY_FILE or start identity first`);
  return readPublicKey(file);
}

class BusCloser implements OnApplicationShutdown {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly relays: RelayRegistry,
  ) {}
  async onApplicationShutdown(): Promise<void> {
    await this.relays.stopAll();
    await this.bus.close();
  }
}

/** Process-wide plumbing: config, the event bus, token verification, the route-table guard, health. */
@Global()
@Module({})
export class PlatformCoreModule {
  static forRoot(options: PlatformCoreOptions): DynamicModule {
    const { config } = options;
    const remoteBranches = options.sessions === 'remote' || options.branches === 'remote';
    return {
      module: PlatformCoreModule,
      controllers: [HealthController],
      providers: [
        { provide: PLATFORM_CONFIG, useValue: config },
        {
          provide: EVENT_BUS,
          useFactory: async (): Promise<EventBus> =>
            options.bus ??
            (config.EVENT_BUS === 'nats'
              ? NatsEventBus.connect({
                  url: config.NATS_URL,
                  stream: config.NATS_STREAM,
                  subjectPrefix: config.NATS_SUBJECT_PREFIX,
                  name: options.processName,
                  user: config.NATS_USER,
                  pass: config.NATS_PASSWORD,
                  maxAgeMs: config.NATS_STREAM_MAX_AGE_DAYS * 24 * 3600_000,
                  maxBytes: config.NATS_STREAM_MAX_BYTES,
                  maxRetryDelayMs: config.EVENT_RETRY_MAX_MS,
                })
              : new InProcessEventBus()),
        },
        {
          provide: TokenVerifier,
          useFactory: () =>
            new TokenVerifier(publicKeyFor(config, options.ownsSigningKey), {
              issuer: config.JWT_ISSUER,
              audience: config.JWT_AUDIENCE,
            }),
        },
        ...(options.sessions === 'remote'
          ? [{ provide: SESSION_VALIDATOR, inject: [EVENT_BUS], useFactory: (bus: EventBus) => remoteSessionValidator(config, bus) }]
          : options.sessions
            ? [{ provide: SESSION_VALIDATOR, useValue: options.sessions }]
            : []),
        // Settings' branches for checking a named branch (asked on first use only).
        ...(remoteBranches
          ? [{ provide: BRANCH_DIRECTORY, inject: [EVENT_BUS], useFactory: (bus: EventBus) => remoteBranchDirectory(config, bus) }]
          : []),
        RelayRegistry,
        HealthRegistry,
        BusCloser,
        { provide: APP_GUARD, useClass: RouteAuthGuard },
      ],
      exports: [
        PLATFORM_CONFIG,
        EVENT_BUS,
        TokenVerifier,
        RelayRegistry,
        HealthRegistry,
        ...(options.sessions ? [SESSION_VALIDATOR] : []),
        ...(remoteBranches ? [BRANCH_DIRECTORY] : []),
      ],
    };
  }
}
