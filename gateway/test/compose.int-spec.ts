import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { parse } from 'yaml';
import { SERVICES } from '@dukan/contracts';
import { freePort } from '@dukan/testing';
// @ts-expect-error plain JavaScript module without types
import { COMPOSE_SECRETS, withSecrets } from '../../scripts/compose-env.mjs';

// docker-compose.yml as Docker would read it (Docker itself is not on the test machine): no secret has a
// default, each service gets its own database role, NATS demands the password (checked against a real
// nats-server with infra/nats/nats.conf when one is installed).

const root = join(import.meta.dirname, '..', '..');
const text = readFileSync(join(root, 'docker-compose.yml'), 'utf8');

/** Compose's interpolation of ${VAR}, ${VAR:?message} and ${VAR:-default}, with an error for :? when unset. */
function interpolate(source: string, env: Record<string, string>): string {
  return source.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_m, name: string, kind?: string, rest?: string) => {
    if (env[name]) return env[name]!;
    if (kind === '?') throw new Error(`${name}: ${rest}`);
    return kind === '-' ? rest! : '';
  });
}

type Compose = {
  services: Record<
    string,
    {
      environment?: Record<string, string>;
      ports?: string[];
      command?: string[];
      volumes?: string[];
      depends_on?: Record<string, { condition: string }>;
    }
  >;
};
const secrets = Object.fromEntries(
  withSecrets('')
    .text.trim()
    .split('\n')
    .map((l: string) => l.split('=')) as [string, string][],
);
const compose = parse(interpolate(text, secrets), { merge: true }) as Compose;

it('has no default for any variable: each is required, with a message that names it', () => {
  // Compose reads the YAML first and fills variables in afterwards: the file must parse as it stands.
  expect(Object.keys((parse(text, { merge: true }) as Compose).services)).toEqual(Object.keys(compose.services));
  const uses = [...text.matchAll(/\$\{(\w+)(:[?-])?([^}]*)\}/g)];
  expect(uses.length).toBeGreaterThan(10);
  for (const [whole, name, kind, message] of uses) {
    expect({ whole, kind }).toEqual({ whole, kind: ':?' });
    expect(message!.length).toBeGreaterThan(5);
    expect(COMPOSE_SECRETS).toContain(name);
  }
  for (const name of COMPOSE_SECRETS as string[]) {
    const { [name]: _gone, ...missing } = secrets;
    void _gone;
    expect(() => interpolate(text, missing)).toThrow(new RegExp(`^${name}: set ${name}`));
  }
});

it('gives each service its own database role and password, and the gateway none', () => {
  for (const service of SERVICES) {
    const env = compose.services[service]!.environment!;
    const url = new URL(env.DATABASE_URL!);
    expect({ service, user: url.username, password: url.password }).toEqual({
      service,
      user: `dukan_${service}`,
      password: secrets[`${service.toUpperCase()}_DB_PASSWORD`],
    });
    expect(compose.services['db-roles']!.environment![`${service.toUpperCase()}_DB_PASSWORD`]).toBe(url.password);
    expect(compose.services[service]!.depends_on!['db-roles']).toEqual({ condition: 'service_completed_successfully' });
    expect(env).toMatchObject({
      INTERNAL_TOKEN: secrets.INTERNAL_TOKEN,
      NATS_USER: 'dukan',
      NATS_PASSWORD: secrets.NATS_PASSWORD,
      HOST: '0.0.0.0',
    });
  }
  expect(compose.services.gateway!.environment!.DATABASE_URL).toBeUndefined();
  expect(new URL(compose.services['db-roles']!.environment!.DATABASE_ADMIN_URL!).password).toBe(secrets.POSTGRES_PASSWORD);
  expect(
    Object.entries(compose.services)
      .filter(([, s]) => s.ports)
      .map(([name]) => name),
  ).toEqual(['gateway']);
});

it('runs NATS with the configuration in infra/nats and the password', () => {
  const nats = compose.services.nats!;
  expect(nats.command).toEqual(['-c', '/etc/nats/nats.conf']);
  expect(nats.volumes).toContain('./infra/nats/nats.conf:/etc/nats/nats.conf:ro');
  expect(nats.environment).toEqual({ NATS_USER: 'dukan', NATS_PASSWORD: secrets.NATS_PASSWORD });
});

const natsServer = spawnSync('nats-server', ['--version']).status === 0 ? 'nats-server' : null;
(natsServer ? describe : describe.skip)('infra/nats/nats.conf on a real nats-server', () => {
  let server: ChildProcess;
  let dir: string;
  let url: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dukan-nats-'));
    const conf = readFileSync(join(root, 'infra', 'nats', 'nats.conf'), 'utf8').replace(
      'store_dir: /data',
      `store_dir: ${join(dir, 'data')}`,
    );
    writeFileSync(join(dir, 'nats.conf'), conf);
    const port = await freePort();
    url = `nats://127.0.0.1:${port}`;
    server = spawn(natsServer!, ['-c', join(dir, 'nats.conf'), '-a', '127.0.0.1', '-p', String(port), '-m', String(await freePort())], {
      env: { ...process.env, NATS_USER: 'dukan', NATS_PASSWORD: 'the-password' },
      stdio: 'ignore',
    });
    for (let i = 0; i < 50; i++) {
      const nc = await connect({ servers: url, user: 'dukan', pass: 'the-password' }).catch(() => null);
      if (nc) {
        await nc.close();
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('nats-server did not start');
  }, 30_000);
  afterAll(() => {
    server?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a client without the password, and serves JetStream to one with it', async () => {
    await expect(connect({ servers: url, reconnect: false })).rejects.toThrow(/authorization/i);
    await expect(connect({ servers: url, user: 'dukan', pass: 'a-guess', reconnect: false })).rejects.toThrow(/authorization/i);
    const nc = await connect({ servers: url, user: 'dukan', pass: 'the-password' });
    try {
      const info = await (await jetstreamManager(nc)).getAccountInfo();
      expect(info.limits).toBeDefined();
    } finally {
      await nc.close();
    }
  });
});
