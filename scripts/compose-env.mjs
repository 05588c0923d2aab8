// Writes .env for docker-compose with a fresh random value for every secret it needs and does not have yet:
// `node scripts/compose-env.mjs`. Values already in .env are kept, so it is safe to run again; the file
// holds secrets, so it is created readable by its owner only (and git ignores it).
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './ensure-install.mjs';

const SERVICES = ['identity', 'catalog', 'sales', 'loyalty', 'reporting', 'expenses', 'settings'];
export const COMPOSE_SECRETS = [
  'INTERNAL_TOKEN',
  'POSTGRES_PASSWORD',
  'NATS_PASSWORD',
  'DUKAN_ADMIN_PASSWORD',
  ...SERVICES.map((s) => `${s.toUpperCase()}_DB_PASSWORD`),
];

/** The .env text with every missing secret added (URL-safe, so it can sit in a connection string). */
export function withSecrets(text) {
  const present = new Set(
    text
      .split('\n')
      .map((line) => line.split('=', 1)[0].trim())
      .filter(Boolean),
  );
  const added = COMPOSE_SECRETS.filter((name) => !present.has(name)).map((name) => `${name}=${randomBytes(24).toString('base64url')}`);
  return {
    text: `${text}${text && !text.endsWith('\n') ? '\n' : ''}${added.map((l) => `${l}\n`).join('')}`,
    added: added.map((l) => l.split('=')[0]),
  };
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const file = join(root, '.env');
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const { text, added } = withSecrets(before);
  writeFileSync(file, text, { mode: 0o600 });
  console.log(added.length ? `.env: added ${added.join(', ')}` : '.env already holds every secret');
  if (added.includes('DUKAN_ADMIN_PASSWORD')) console.log('The first admin signs in as "admin" with DUKAN_ADMIN_PASSWORD from .env.');
}
