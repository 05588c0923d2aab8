// Checkout: 20 tills ringing up sales of 3-5 lines through the gateway, as fast as the app answers, in the
// all-in-one and the cluster shape; beside it a plain SQL script doing the same inserts and updates on the same
// PostgreSQL with 20 connections. Prints sales per second, p50/p99 latency, the ratio, and resident memory.
//
//   node bench/checkout/bench.mjs                          both shapes (cluster skipped without NATS)
//   BENCH_SHAPES=all-in-one BENCH_SECONDS=30 node bench/checkout/bench.mjs
//   BENCH_SHAPES=cluster BENCH_REPLICAS=sales=2,catalog=2 node bench/checkout/bench.mjs   two processes each
//   DUKAN_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" node bench/checkout/bench.mjs   profile the app's processes
//   BENCH_URL=http://127.0.0.1:5000 BENCH_USERNAME=admin BENCH_PASSWORD=… [BENCH_PID=…] node bench/checkout/bench.mjs
//                                                          measure a running app; the SQL baseline then needs DATABASE_URL
// PostgreSQL: DATABASE_URL's server, else 127.0.0.1:5432. NATS: NATS_URL, else 127.0.0.1:4222.
import { adminPostgresUrl, fmt } from '../lib.mjs';
import { startAllInOne, startClusterShape } from './app.mjs';
import { backlog, catchUp, prepare, runTills, stockOff } from './tills.mjs';
import { runBaseline } from './baseline.mjs';
import { PACED_SHARE, PASSWORD, PRODUCTS, SECONDS, SHAPES, TILLS, WARMUP_SECONDS } from './settings.mjs';

// Issue 32: a sale at the database's speed (at least the plain script's rate, in fewer round trips than it makes), and
// quick at 80 % of the app's own maximum, in both shapes.
const TARGETS = { 'all-in-one': { ratio: 1, p99: 50, rssMb: 400 }, cluster: { ratio: 1, p99: 50, rssMb: null } };

async function main() {
  console.log(`checkout: ${TILLS} tills, 3-5 lines a sale, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s measured, ${PRODUCTS} products`);
  const rows = [];
  if (process.env.BENCH_URL) {
    const { token, products } = await prepare(
      process.env.BENCH_URL,
      process.env.BENCH_USERNAME ?? 'admin',
      process.env.BENCH_PASSWORD ?? '',
    );
    const pid = process.env.BENCH_PID ? Number(process.env.BENCH_PID) : null;
    const pids = () => (pid ? [pid] : []);
    const app = await runTills(process.env.BENCH_URL, token, products, pids);
    const paced = await runTills(process.env.BENCH_URL, token, products, pids, Math.max(1, Math.round(app.rate * PACED_SHARE)));
    const base = process.env.DATABASE_URL ? await runBaseline(process.env.DATABASE_URL) : null;
    rows.push({ shape: 'running app', app, paced, base });
  } else {
    const adminUrl = await adminPostgresUrl();
    for (const shape of SHAPES) {
      const target = shape === 'cluster' ? await startClusterShape(adminUrl) : await startAllInOne(adminUrl);
      if (!target) {
        console.log(`${shape}: skipped (no NATS)`);
        continue;
      }
      try {
        console.log(`${shape}: started at ${target.url}; creating ${PRODUCTS} products`);
        const { token, products } = await prepare(target.url, 'admin', PASSWORD);
        console.log(`${shape}: ${TILLS} tills selling`);
        const app = await runTills(target.url, token, products, target.pids);
        const behind = await backlog(target.databaseUrl);
        const caughtUp = await catchUp(target.databaseUrl);
        console.log(`${shape}: at the end, ${behind} sales not yet applied by catalog or reporting; caught up ${fmt(caughtUp)} s later`);
        const off = await stockOff(target.databaseUrl);
        console.log(
          `${shape}: stock ${off === 0 ? 'equals the sales (0 doubled, 0 lost)' : off > 0 ? `${off} units taken off twice` : `${-off} units not taken off`}`,
        );
        const cpu = Object.entries(app.cpuPerSale).sort((a, b) => b[1] - a[1]);
        console.log(
          `${shape}: CPU ms per sale: ${cpu.map(([n, ms]) => `${n} ${fmt(ms, 2)}`).join(', ')} (total ${fmt(
            cpu.reduce((t, [, ms]) => t + ms, 0),
            2,
          )})`,
        );
        if (process.env.BENCH_DIAGNOSE && target.salesUrl) {
          // Where the time goes: the same load straight at the sales process, past the gateway.
          const direct = await runTills(target.salesUrl, token, products, target.pids);
          console.log(`${shape}: straight to sales: ${fmt(direct.rate)} sales/s, p50 ${fmt(direct.p50)} ms, p99 ${fmt(direct.p99)} ms`);
        }
        const pace = Math.max(1, Math.round(app.rate * PACED_SHARE));
        console.log(`${shape}: ${TILLS} tills at ${pace} sales/s in all (${PACED_SHARE * 100} % of the maximum)`);
        const paced = await runTills(target.url, token, products, target.pids, pace);
        console.log(`${shape}: plain SQL baseline`);
        const base = await runBaseline(target.databaseUrl);
        rows.push({ shape, app, paced, base });
      } catch (e) {
        console.error(`${shape}: failed: ${e instanceof Error ? e.stack : e}`);
        process.exitCode = 1;
      } finally {
        await target.stop();
      }
    }
  }

  console.log('');
  console.log('shape        | run        | sales/s | p50 ms | p99 ms | errors | peak RSS MB');
  for (const { shape, app, paced, base } of rows) {
    for (const [run, r] of [['saturated', app], ...(paced ? [[`paced ${Math.round(PACED_SHARE * 100)} %`, paced]] : [])]) {
      console.log(
        `${shape.padEnd(12)} | ${run.padEnd(10)} | ${fmt(r.rate).padStart(7)} | ${fmt(r.p50).padStart(6)} | ${fmt(r.p99).padStart(6)} | ${String(r.errors).padStart(6)} | ${String(r.peakRss || '-').padStart(11)}`,
      );
      if (r.errors) console.log(`  ${r.errors} failed sales, last: ${r.lastError}`);
    }
    if (base)
      console.log(
        `${shape.padEnd(12)} | plain SQL  | ${fmt(base.rate).padStart(7)} | ${fmt(base.p50).padStart(6)} | ${fmt(base.p99).padStart(6)} |        |`,
      );
    const ratio = base ? app.rate / base.rate : NaN;
    const target = TARGETS[shape];
    console.log(`${shape}: ratio to plain SQL ${fmt(ratio, 2)}`);
    if (target) {
      const checks = [
        `ratio >= ${target.ratio}: ${ratio >= target.ratio ? 'yes' : 'NO'}`,
        `p99 < ${target.p99} ms at ${Math.round(PACED_SHARE * 100)} % of the maximum: ${paced && paced.p99 < target.p99 ? 'yes' : 'NO'}`,
        ...(target.rssMb
          ? [`RSS < ${target.rssMb} MB: ${app.peakRss && Math.max(app.peakRss, paced?.peakRss ?? 0) < target.rssMb ? 'yes' : 'NO'}`]
          : []),
      ];
      console.log(`${shape}: targets: ${checks.join('; ')}`);
    }
  }
}

await main();
