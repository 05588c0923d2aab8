import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { existsSync } from 'node:fs';
import { defaultKeyPaths, loadOrCreateKeyPair, readPublicKey } from '../auth/keys.js';
import { RouteAuthGuard } from '../auth/route-auth.guard.js';
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
        RelayRegistry,
        HealthRegistry,
        BusCloser,
        { provide: APP_GUARD, useClass: RouteAuthGuard },
      ],
      exports: [PLATFORM_CONFIG, EVENT_BUS, TokenVerifier, RelayRegistry, HealthRegistry],
    };
  }
}
