import { configureLogger, logger, startDukanApp } from '@dukan/platform';
import { createAllInOneApp } from './all-in-one.js';
import { createClusterGateway } from './cluster.js';
import { loadGatewayConfig, processEnv } from './config.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-db.js';

const config = loadGatewayConfig();
configureLogger({ level: config.LOG_LEVEL, service: config.DUKAN_MODE === 'cluster' ? 'gateway' : 'dukan' });
const log = logger();

if (config.DUKAN_MODE === 'cluster') {
  const app = await createClusterGateway(config);
  const reusePort = config.REUSE_PORT === 'true';
  const url = await startDukanApp(app, config.PORT, config.HOST, { reusePort });
  log.info({ url, reusePort }, 'gateway listening');
  // One of several on a shared port, started with a channel (start:cluster): it says itself that it listens, since
  // asking the port would not say which process answered, then lets the channel go.
  if (reusePort && process.send) process.send({ listening: url }, () => process.disconnect?.());
} else {
  let db: EmbeddedDatabase | null = null;
  let app: Awaited<ReturnType<typeof createAllInOneApp>>;
  try {
    const databaseUrl = config.DATABASE_URL ?? (db = await startEmbeddedPostgres(config.DUKAN_DATA_DIR, config.DUKAN_DB_PORT)).url;
    app = await createAllInOneApp({ env: processEnv(), databaseUrl, shutdownHooks: false });
    await startDukanApp(app, config.PORT, config.HOST);
  } catch (e) {
    // The real reason, not a bare `undefined`; and the database this start began is not left running.
    log.fatal({ err: e }, 'Dukan did not start');
    process.stderr.write(`\n  Dukan did not start: ${e instanceof Error ? e.message : String(e)}\n\n`);
    await db?.stop().catch(() => undefined);
    process.exit(1);
  }
  const readyMs = Math.round(performance.now());
  log.info({ port: config.PORT, readyMs, embeddedDatabase: db !== null }, 'Dukan is ready');
  process.stdout.write(`\n  Dukan is ready on http://localhost:${config.PORT} (started in ${(readyMs / 1000).toFixed(1)} s)\n\n`);

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    await app.close().catch((e: unknown) => log.error({ err: e }, 'error while closing'));
    await db?.stop().catch((e: unknown) => log.error({ err: e }, 'error while stopping the database'));
    process.exit(0);
  };
  process.on('SIGINT', (s) => void stop(s));
  process.on('SIGTERM', (s) => void stop(s));
}
