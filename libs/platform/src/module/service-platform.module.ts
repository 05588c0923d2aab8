import {
  Inject,
  Injectable,
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type Type,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DataSource, type EntityManager } from 'typeorm';
import type { EventEnvelope, ServiceName } from '@dukan/contracts';
import type { PlatformConfig } from '../config/config.js';
import { createServiceDataSource, guardConnections, migrate } from '../database/data-source.js';
import { EVENT_BUS, type EventBus } from '../events/event-bus.js';
import { failureMessage } from '../events/event-bus.js';
import { applyOnce, oneByOne, type ConsumerDeclaration, type EventHandler } from '../events/inbox.js';
import { logger } from '../logging/logger.js';
import { isRefusal, ParkedEvents, type ConsumerApply } from '../events/parking.js';
import { Outbox } from '../events/outbox.js';
import { OutboxRelay, type RelayOptions } from '../events/outbox-relay.js';
import { HealthRegistry } from '../health/health.js';
import { RelayRegistry } from './relay-registry.js';
import { PLATFORM_CONFIG, SERVICE_OPTIONS } from './tokens.js';

export interface ServicePlatformOptions {
  service: ServiceName;
  entities: Function[];
  migrations: Function[];
  /** The service's declared consumers (declareConsumers); their handlers must also be providers of its own module. */
  consumers?: readonly ConsumerDeclaration[];
  relay?: RelayOptions;
}

/** How often a service looks for parked events whose redrive was requested. */
const REDRIVE_POLL_MS = 2000;

@Injectable()
class ServiceLifecycle implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly parked: ParkedEvents;
  private readonly applyByConsumer = new Map<string, ConsumerApply>();
  private redriveTimer: NodeJS.Timeout | null = null;
  private redriving: Promise<unknown> | null = null;

  constructor(
    @Inject(SERVICE_OPTIONS) private readonly options: ServicePlatformOptions,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly ds: DataSource,
    private readonly moduleRef: ModuleRef,
    private readonly relays: RelayRegistry,
    health: HealthRegistry,
  ) {
    health.register(`db:${options.service}`, async () => {
      await ds.query('SELECT 1');
    });
    this.parked = new ParkedEvents(options.service, ds);
    health.registerNotice(`events:${options.service}`, async () => {
      const parked = await this.parked.count();
      if (parked > 0) return { degraded: true, detail: { parked } };
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    // Subscribed side by side: each is a few round trips to the server, and a service has up to a few dozen.
    await Promise.all((this.options.consumers ?? []).map((declared) => this.subscribe(declared)));
    this.redriveTimer = setInterval(() => this.redrive(), REDRIVE_POLL_MS);
    this.redriveTimer.unref();
    this.relays.register(
      new OutboxRelay(this.options.service, this.ds, this.bus, {
        retentionMs: this.config.EVENTS_RETENTION_DAYS * 24 * 3600_000,
        maxRetryDelayMs: this.config.EVENT_RETRY_MAX_MS,
        ...this.options.relay,
      }),
      this.config.DATABASE_URL,
    );
  }

  private async subscribe(declared: ConsumerDeclaration): Promise<void> {
    const handler = this.moduleRef.get<EventHandler>(declared.handler as Type<EventHandler>, { strict: false });
    const consumer = declared.name;
    if (handler.subject !== declared.subject)
      throw new Error(`${consumer} is declared for ${declared.subject} but its handler reads ${handler.subject}`);
    const { handle, handleAll } = handler;
    if (!handle && !handleAll) throw new Error(`${consumer} has neither handle() nor handleAll()`);
    const apply = handleAll
      ? (fresh: readonly EventEnvelope[], m: EntityManager) => handleAll.call(handler, fresh as never, m)
      : oneByOne((e, m) => handle!.call(handler, e as never, m));
    const applyConcerned: ConsumerApply = (events) => {
      const concerned = handler.appliesTo ? events.filter((e) => handler.appliesTo!(e as never)) : events;
      return applyOnce(this.ds, consumer, concerned, apply);
    };
    this.applyByConsumer.set(consumer, applyConcerned);
    await this.bus.subscribe(
      declared.subject,
      {
        consumer,
        malformed: (message) =>
          this.parked.park(consumer, { eventId: null, eventType: message.subject, payload: message.body, error: message.error }),
      },
      async (events) => {
        try {
          await applyConcerned(events);
        } catch (e) {
          // A batch is retried one event at a time by the bus; only a single event refused for good is parked.
          if (events.length !== 1 || !isRefusal(e)) throw e;
          const [event] = events;
          await this.parked.park(consumer, { eventId: event.id, eventType: event.type, payload: JSON.stringify(event), error: e });
        }
      },
    );
  }

  /** Applies the parked events an operator asked to re-drive (`npm run events -- redrive`). */
  private redrive(): void {
    if (this.redriving || this.applyByConsumer.size === 0) return;
    this.redriving = this.parked
      .redriveRequested(this.applyByConsumer)
      .catch((e: unknown) =>
        logger().warn({ service: this.options.service, error: failureMessage(e) }, 'redriving parked events failed; will retry'),
      )
      .finally(() => {
        this.redriving = null;
      });
  }

  async onModuleDestroy(): Promise<void> {
    if (this.redriveTimer) clearInterval(this.redriveTimer);
    this.redriveTimer = null;
    await this.redriving;
    // Relays are stopped by the core module before the bus closes; the pool goes last.
    await this.relays.stopAll();
    if (this.ds.isInitialized) await this.ds.destroy();
  }
}

/**
 * What one service gets from the platform: its data source on its own schema (migrated on start),
 * its outbox and relay, and its event handlers wired through the inbox.
 * A service module imports `ServicePlatformModule.forService({...})` and injects `DataSource` and `Outbox`.
 */
@Module({})
export class ServicePlatformModule {
  static forService(options: ServicePlatformOptions): DynamicModule {
    return {
      module: ServicePlatformModule,
      providers: [
        { provide: SERVICE_OPTIONS, useValue: options },
        {
          provide: DataSource,
          inject: [PLATFORM_CONFIG],
          useFactory: async (config: PlatformConfig) => {
            const ds = createServiceDataSource({
              service: options.service,
              databaseUrl: config.DATABASE_URL,
              poolSize: config.DB_POOL_SIZE,
              entities: options.entities,
              migrations: options.migrations,
            });
            await ds.initialize();
            guardConnections(ds, options.service);
            await migrate(ds, options.service);
            return ds;
          },
        },
        { provide: Outbox, useFactory: () => new Outbox(options.service) },
        ServiceLifecycle,
      ],
      exports: [DataSource, Outbox],
    };
  }
}

/** The options a service module gave forService (its schema and migrations), read without booting it: the migration job's list. */
export function servicePlatformOptionsOf(module: DynamicModule): ServicePlatformOptions | undefined {
  for (const provider of module.providers ?? []) {
    if (typeof provider === 'object' && 'provide' in provider && provider.provide === SERVICE_OPTIONS && 'useValue' in provider) {
      return provider.useValue as ServicePlatformOptions;
    }
  }
  for (const imported of module.imports ?? []) {
    const found = imported && typeof imported === 'object' && 'module' in imported ? servicePlatformOptionsOf(imported) : undefined;
    if (found) return found;
  }
  return undefined;
}
