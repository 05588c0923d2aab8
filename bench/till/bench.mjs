// The till at 50,000 products in Chromium: time until usable, keystroke-to-results, scan-to-cart, gzipped JS.
// The measuring lives with the frontend (frontend/scripts/bench-till.mjs); this runs it for `npm run bench`.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const script = join(import.meta.dirname, '..', '..', 'frontend', 'scripts', 'bench-till.mjs');
// DUKAN_TILL_ROUNDS repeats each slowed measure (the figures of a shared machine vary): ranges are printed.
const rounds = process.env.DUKAN_TILL_ROUNDS ?? '2';
const r = spawnSync(process.execPath, [script, '--rounds', rounds], { stdio: 'inherit', env: process.env });
process.exit(r.status ?? 1);
