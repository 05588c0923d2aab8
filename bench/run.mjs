// `npm run bench`: builds, then runs every benchmark under bench/ and prints their figures.
import '../scripts/supported-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from '../scripts/build.mjs';

build({ quiet: true });
const here = import.meta.dirname;
const only = process.argv.slice(2);
const benches = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(here, d.name, 'bench.mjs')))
  .map((d) => d.name)
  .filter((name) => only.length === 0 || only.includes(name));
let failed = 0;
for (const name of benches) {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(process.execPath, [join(here, name, 'bench.mjs')], { stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    failed += 1;
    console.log(`${name}: failed (exit ${r.status ?? r.signal})`);
  }
}
process.exit(failed ? 1 : 0);
