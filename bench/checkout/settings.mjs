// The checkout benchmark's settings, from the environment (see bench.mjs).
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..', '..');
export const TILLS = Number(process.env.BENCH_TILLS ?? 20);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 3);
export const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 60);
/** The second run offers this share of the measured maximum, for latency under a busy but not saturated load. */
export const PACED_SHARE = Number(process.env.BENCH_PACED_SHARE ?? 0.8);
export const SHAPES = (process.env.BENCH_SHAPES ?? 'all-in-one,cluster')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
export const PASSWORD = 'bench-admin-pw';
