// `npm run events -- parked`: the events a consumer refused for good, in every service, with their error.
// `npm run events -- redrive <service:id>|all`: asks the services to apply them again (each service re-drives its
// own within a few seconds, or when it next starts); waits for the outcome and prints it.
// The database: DATABASE_URL, else the all-in-one's embedded one (data/pg-password, DUKAN_DB_PORT), else the
// local cluster default postgres://postgres@127.0.0.1:5432/dukan.
import './supported-node.mjs';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { root } from './ensure-install.mjs';

export function databaseUrl(env = process.env) {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  const dataDir = env.DUKAN_DATA_DIR ?? join(root, 'data');
  const passwordFile = join(dataDir, 'pg-password');
  if (existsSync(passwordFile)) {
    const password = readFileSync(passwordFile, 'utf8').trim();
    return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${env.DUKAN_DB_PORT ?? 5488}/dukan`;
  }
  return 'postgres://postgres@127.0.0.1:5432/dukan';
}

const ident = (name) => `"${name.replace(/"/g, '""')}"`;

/** The schemas (one per service) that keep parked events. */
async function serviceSchemas(client) {
  const { rows } = await client.query(
    `SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'parked_events' ORDER BY 1`,
  );
  return rows.map((r) => r.schema);
}

export async function listParked(client) {
  const out = [];
  for (const schema of await serviceSchemas(client)) {
    const { rows } = await client.query(
      `SELECT id, consumer, event_id, event_type, error, attempts, parked_at, redrive_requested_at, left(payload, 200) AS payload
         FROM ${ident(schema)}.parked_events ORDER BY id`,
    );
    for (const r of rows) out.push({ ref: `${schema}:${r.id}`, service: schema, ...r });
  }
  return out;
}

/** Marks parked events for redrive; `which` is 'all' or 'service:id'. Returns the refs marked. */
export async function requestRedrive(client, which) {
  const marked = [];
  for (const schema of await serviceSchemas(client)) {
    let rows;
    if (which === 'all') {
      ({ rows } = await client.query(`UPDATE ${ident(schema)}.parked_events SET redrive_requested_at = now() RETURNING id`));
    } else {
      const [service, id] = which.split(':');
      if (service !== schema || !/^\d+$/.test(id ?? '')) continue;
      ({ rows } = await client.query(`UPDATE ${ident(schema)}.parked_events SET redrive_requested_at = now() WHERE id = $1 RETURNING id`, [
        id,
      ]));
    }
    marked.push(...rows.map((r) => `${schema}:${r.id}`));
  }
  return marked;
}

function print(rows) {
  if (rows.length === 0) {
    console.log('No parked events.');
    return;
  }
  for (const r of rows) {
    console.log(
      `${r.ref}  ${r.consumer}  ${r.event_type}  event ${r.event_id ?? '(unreadable)'}  parked ${new Date(r.parked_at).toISOString()}  tries ${r.attempts}${r.redrive_requested_at ? '  (redrive requested)' : ''}`,
    );
    console.log(`    error: ${r.error}`);
  }
  console.log(`${rows.length} parked.`);
}

async function main(argv) {
  const [command, arg] = argv;
  if (command !== 'parked' && command !== 'redrive') {
    console.error('usage: npm run events -- parked | redrive <service:id>|all');
    return 2;
  }
  const client = new pg.Client({ connectionString: databaseUrl(), application_name: 'dukan-events-cli' });
  await client.connect();
  try {
    if (command === 'parked') {
      print(await listParked(client));
      return 0;
    }
    if (!arg || (arg !== 'all' && !/^[a-z]+:\d+$/.test(arg))) {
      console.error('usage: npm run events -- redrive <service:id>|all   (the ids `npm run events -- parked` shows)');
      return 2;
    }
    const marked = await requestRedrive(client, arg);
    if (marked.length === 0) {
      console.log(arg === 'all' ? 'No parked events.' : `No parked event ${arg}.`);
      return arg === 'all' ? 0 : 1;
    }
    console.log(`Redrive requested for ${marked.length}: ${marked.join(', ')}; waiting for the services…`);
    const deadline = Date.now() + 20_000;
    let left = marked;
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      const rows = await listParked(client);
      const byRef = new Map(rows.map((r) => [r.ref, r]));
      left = marked.filter((ref) => byRef.get(ref)?.redrive_requested_at);
      if (left.length === 0) {
        const refused = marked.filter((ref) => byRef.has(ref));
        console.log(`${marked.length - refused.length} applied, ${refused.length} refused again.`);
        if (refused.length > 0) print(refused.map((ref) => byRef.get(ref)));
        return refused.length === 0 ? 0 : 1;
      }
    }
    console.log(`${left.length} not yet taken up (is the service running?); they are applied when it next starts: ${left.join(', ')}`);
    return 1;
  } finally {
    await client.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
