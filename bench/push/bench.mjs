// A chain's tills on the push stream instead of polling: BENCH_STREAMS (5,000) tills hold GET /api/stream open on
// the cluster shape's gateway run as BENCH_GATEWAYS (2) processes sharing its port (start:cluster's
// `--replicas gateway=2`: the kernel spreads the connections over them), opened by a bounded load generator
// (BENCH_OPENING at a time). Each process's memory and CPU per idle till are read from /proc (which streams each
// holds: its sockets' peers, matched to the tills' own ports); then, while tills ring up sales paced at
// BENCH_SALES_PER_SECOND (200: a chain of 1,000 branches at its peak; the rate reached is printed beside it), a price
// is changed in the back office and the time until every stream, on either process, has been told of it is
// measured. Then one gateway process is stopped, as a pod scaled down: how soon its tills hold a stream on the
// other again (told to catch up in full), and a second price change reaching all of them there. Before the push,
// each open till asked for the delta every 3 s: 5,000 tills were ~1,700 requests a second before anyone sold.
//
//   node bench/push/bench.mjs     BENCH_STREAMS=5000 BENCH_GATEWAYS=2 BENCH_OPENING=200 BENCH_SALES_PER_SECOND=200 BENCH_IDLE_SECONDS=30
import { request } from 'node:http';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import os from 'node:os';
import { adminPostgresUrl, api, fmt, memoryMb, percentile, sleep } from '../lib.mjs';
import { startClusterShape } from '../checkout/app.mjs';
import { PASSWORD } from '../checkout/settings.mjs';
import { prepare, randomLines, salePayload } from '../checkout/tills.mjs';
import { randomUUID } from 'node:crypto';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 5000);
const OPENING = Number(process.env.BENCH_OPENING ?? 200);
const SALES_PER_SECOND = Number(process.env.BENCH_SALES_PER_SECOND ?? 200);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
const GATEWAYS = Number(process.env.BENCH_GATEWAYS ?? 2);
const TARGET_MS = 5000;
// The tills that ring up sales, each one sale at a time: enough that the pace, not their own waits, sets the rate.
const SELLING_TILLS = Number(process.env.BENCH_SELLING_TILLS ?? 40);

// The gateway's processes, with the services' replicas asked for in BENCH_REPLICAS (bench/checkout/app.mjs).
if (!/(^|,)\s*gateway=/.test(process.env.BENCH_REPLICAS ?? '') && GATEWAYS > 1)
  process.env.BENCH_REPLICAS = [process.env.BENCH_REPLICAS, `gateway=${GATEWAYS}`].filter(Boolean).join(',');

// The gateway lets each user hold a few streams; the bench's tills all sign in as one cashier.
process.env.STREAMS_PER_USER = String(STREAMS + 100);
process.env.STREAMS_PER_PROCESS = String(STREAMS + 100);
process.env.BENCH_SECONDS ??= '20';

/** One till's stream: every notice's arrival time, by the products it names; the last id it read; whether it was told to catch up in full. */
function openStream(url, token, lastId) {
  return new Promise((resolve, reject) => {
    const u = new URL(`${url}/api/stream`);
    const s = { told: new Map(), notices: 0, bytes: 0, req: null, closed: false, lastId: null, full: false };
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        agent: false,
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...(lastId ? { 'last-event-id': lastId } : {}) },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new Error(`stream: ${res.statusCode}`));
        }
        res.setEncoding('utf8');
        let text = '';
        res.on('data', (chunk) => {
          const at = performance.now();
          s.bytes += chunk.length;
          text += chunk;
          const blocks = text.split('\n\n');
          text = blocks.pop().slice(-65536); // bounded: a frame is small
          for (const b of blocks) {
            const lines = b.split('\n');
            const id = lines.find((l) => l.startsWith('id: '));
            if (id) s.lastId = id.slice(4);
            const data = lines.find((l) => l.startsWith('data: '));
            if (!data || data === 'data: {}') continue;
            s.notices += 1;
            const notice = JSON.parse(data.slice(6));
            if (notice.full) s.full = true;
            for (const p of notice.products ?? []) if (!s.told.has(p)) s.told.set(p, at);
          }
        });
        res.on('close', () => (s.closed = true));
        s.port = res.socket.localPort;
        resolve(s);
      },
    );
    s.req = req;
    req.on('error', reject);
    req.end();
  });
}

function cpuSeconds(pid) {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const parts = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return (Number(parts[11]) + Number(parts[12])) / 100;
}

/** The gateway's processes (this process started them). */
function gatewayPids() {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('gateway/dist/main.js')) pids.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return pids.sort((a, b) => a - b);
}

/**
 * How many of the tills' streams each process holds: its sockets (/proc/<pid>/fd) whose peer port is a till's own
 * port (/proc/net/tcp names each socket's inode and both ends).
 */
function streamsByProcess(pids, streams) {
  const tillPorts = new Set(streams.filter((s) => !s.closed).map((s) => s.port));
  const peerOf = new Map();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length > 9) peerOf.set(f[9], parseInt(f[2].split(':').at(-1), 16));
    }
  }
  const out = new Map();
  for (const pid of pids) {
    let n = 0;
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        if (inode && tillPorts.has(peerOf.get(inode))) n += 1;
      } catch {
        /* closed meanwhile */
      }
    }
    out.set(pid, n);
  }
  return out;
}

/** SELLING_TILLS tills ringing up sales paced at SALES_PER_SECOND in all for `ms`: what they made, and each sale's time from when it was due. */
async function sell(url, token, products, ms) {
  const tills = SELLING_TILLS;
  const interval = (tills * 1000) / SALES_PER_SECOND;
  const start = performance.now();
  const end = start + ms;
  const latencies = [];
  const statuses = {};
  await Promise.all(
    Array.from({ length: tills }, async (_, i) => {
      for (let due = start + Math.random() * interval; due < end && performance.now() < end; due += interval) {
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        const res = await fetch(`${url}/api/transactions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify(salePayload(randomLines(products), `bench-${String(i + 1).padStart(2, '0')}`)),
        });
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status === 201) latencies.push(performance.now() - due);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const errors = Object.entries(statuses).filter(([k]) => k !== '201');
  return {
    sales: latencies.length,
    rate: latencies.length / seconds,
    p99: percentile(latencies, 99),
    errors: errors.map(([k, v]) => `${v} x ${k}`).join(', '),
  };
}

/** Runs the openers, OPENING at a time (a bounded load generator), into `into`; answers how many were refused. */
async function openAll(into, openers) {
  let next = 0;
  let refused = 0;
  await Promise.all(
    Array.from({ length: OPENING }, async () => {
      while (next < openers.length) {
        const open = openers[next++];
        try {
          into.push(await open());
        } catch {
          refused += 1;
        }
      }
    }),
  );
  return refused;
}

/** Changes the target's price by `plusCents` over its first one; answers how many streams were told, and how long they took. */
async function priceChange(url, admin, target, plusCents, streams) {
  for (const s of streams) s.told.delete(target.id);
  const changedAt = performance.now();
  const put = await api(url, 'PUT', `/api/products/${target.id}`, admin, { price: (target.priceCents + plusCents) / 100 });
  if (put.status !== 200) throw new Error(`price change: ${put.status} ${put.text}`);
  for (const end = performance.now() + 30_000; performance.now() < end; await sleep(100)) {
    if (streams.every((s) => s.closed || s.told.has(target.id))) break;
  }
  const lags = streams.map((s) => (s.told.has(target.id) ? s.told.get(target.id) - changedAt : Infinity)).sort((a, b) => a - b);
  const reached = lags.filter(Number.isFinite).length;
  const last = lags.at(-1);
  const all = reached === streams.length && last < TARGET_MS;
  return {
    told: `${reached.toLocaleString('en')} of ${streams.length.toLocaleString('en')}`,
    figures: `p50 ${fmt(percentile(lags, 50), 0)} ms, p99 ${fmt(percentile(lags, 99), 0)} ms, last ${fmt(last, 0)} ms; target all < ${TARGET_MS} ms: ${all ? 'yes' : 'NO'}`,
  };
}

/** One more product, apart from those the tills sell. */
async function prepareOne(url, admin) {
  const category = await api(url, 'POST', '/api/categories', admin, { name: { en: 'Push', ku: 'پاڵ' } });
  const res = await api(url, 'POST', '/api/products', admin, {
    sku: `PUSH-${Date.now()}`,
    barcode: `PUSH${Date.now()}`,
    name: { en: 'Pushed price', ku: 'نرخی نوێ' },
    category: category.body.data?._id ?? category.body._id,
    price: 1.25,
    cost: 0.5,
    quantity: 100,
  });
  if (res.status !== 201) throw new Error(`product: ${res.status} ${res.text}`);
  return { products: [{ id: res.body.data?._id ?? res.body._id, priceCents: 125 }] };
}

async function main() {
  const adminUrl = await adminPostgresUrl();
  const cluster = await startClusterShape(adminUrl);
  if (!cluster) {
    console.log('push: NATS is not reachable on 127.0.0.1:4222; the cluster shape cannot be measured');
    return;
  }
  const streams = [];
  try {
    const { token, products } = await prepare(cluster.url, 'admin', PASSWORD);
    const admin = (await api(cluster.url, 'POST', '/api/auth/login', null, { username: 'admin', password: PASSWORD })).body.token;
    const [target] = (await prepareOne(cluster.url, admin)).products;
    const gws = gatewayPids();
    if (gws.length !== GATEWAYS) throw new Error(`expected ${GATEWAYS} gateway processes, found ${gws.length}`);
    await sleep(2000);
    const before = new Map(gws.map((pid) => [pid, memoryMb(pid).rss]));

    // Open the streams, a bounded number at a time.
    const t0 = performance.now();
    const refused = await openAll(
      streams,
      Array.from({ length: STREAMS }, () => () => openStream(cluster.url, token)),
    );
    const openMs = performance.now() - t0;
    const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    console.log(
      `push: ${streams.length.toLocaleString('en')} streams open on ${gws.length} gateway process${gws.length > 1 ? 'es' : ''} in ${fmt(openMs / 1000)} s${refused ? ` (${refused} refused)` : ''}; load average ${load()} on ${os.cpus().length} cores (shared with other work: figures are noisy)`,
    );

    // Idle: the processes hold them; each one's memory and CPU per till it holds.
    await sleep(3000);
    const idleFrom = { cpu: new Map(gws.map((pid) => [pid, cpuSeconds(pid)])), at: performance.now() };
    await sleep(IDLE_SECONDS * 1000);
    const seconds = (performance.now() - idleFrom.at) / 1000;
    const held = streamsByProcess(gws, streams);
    const n = streams.filter((s) => !s.closed).length;
    console.log(`idle, ${n.toLocaleString('en')} tills held for ${fmt(seconds, 0)} s (heartbeats every 25 s); load average ${load()}:`);
    gws.forEach((pid, i) => {
      const tills = held.get(pid);
      const rss = memoryMb(pid).rss;
      const cpu = cpuSeconds(pid) - idleFrom.cpu.get(pid);
      console.log(
        `  gateway process ${i + 1}: ${tills.toLocaleString('en')} streams; RSS ${before.get(pid)} MB -> ${rss} MB (${fmt(((rss - before.get(pid)) * 1024) / Math.max(1, tills), 1)} KB per till); CPU ${fmt(cpu * 1000, 0)} ms over the window (${fmt((cpu * 1e6) / Math.max(1, tills) / seconds, 2)} µs per till per second)`,
      );
    });
    console.log(`  polling at 3 s would have been ${fmt(n / 3, 0)} requests/s`);

    // Sales at the chain's peak, and a price change in the middle of them (of a product the tills do not sell, so
    // their sales stay priced right).
    const selling = sell(cluster.url, token, products, Number(process.env.BENCH_SECONDS) * 1000);
    await sleep(8000);
    const change = await priceChange(cluster.url, admin, target, 11, streams);
    const sold = await selling;
    console.log(
      `price change -> every stream told: ${change.told} tills on ${gws.length} process${gws.length > 1 ? 'es' : ''}, ${change.figures}`,
    );
    console.log(
      `  while selling: ${sold.sales.toLocaleString('en')} sales made in ${process.env.BENCH_SECONDS} s by ${SELLING_TILLS} tills: ${fmt(sold.rate)} sales/s reached, paced at ${SALES_PER_SECOND}/s; target ${SALES_PER_SECOND}/s reached: ${sold.rate >= SALES_PER_SECOND * 0.95 ? 'yes' : 'NO (the machine made fewer)'}; p99 from due ${fmt(sold.p99, 0)} ms${sold.errors ? `; refused: ${sold.errors}` : ''}; load average ${load()}`,
    );
    console.log(
      `  gateway RSS at the end ${gws.map((pid) => `${memoryMb(pid).rss} MB`).join(' + ')}; notices per till over the run: ${fmt(streams.reduce((t, s) => t + s.notices, 0) / Math.max(1, streams.length), 1)} (stock gathered per branch every 3 s)`,
    );

    // One process stopped as a pod is scaled down or drained (SIGTERM: it ends its streams); its tills open theirs
    // again with the last id they read (at once, BENCH_OPENING at a time; a till waits 3 s first), reach the
    // other process and are told to catch up in full. Then a price change reaches all of them there.
    if (gws.length > 1) {
      const stoppedAt = performance.now();
      await cluster.stopProcess(`gateway#${gws.length}`);
      // Its tills see their streams end (the process's exit may be heard first).
      const gone = gws.find((pid) => !existsSync(`/proc/${pid}`));
      for (const end = performance.now() + 10_000; performance.now() < end; await sleep(20))
        if (streams.filter((s) => s.closed).length >= (held.get(gone) ?? 0)) break;
      const dropped = streams.filter((s) => s.closed);
      const again = [];
      const refusedAgain = await openAll(
        again,
        dropped.map((s) => () => openStream(cluster.url, token, s.lastId)),
      );
      const backMs = performance.now() - stoppedAt;
      const kept = streams.filter((s) => !s.closed);
      streams.splice(0, streams.length, ...kept, ...again);
      const after = await priceChange(cluster.url, admin, target, 22, streams);
      console.log(
        `one gateway process stopped (SIGTERM, as a pod scaled down): its ${dropped.length.toLocaleString('en')} tills held a stream on the other again ${fmt(backMs / 1000)} s after the stop${refusedAgain ? ` (${refusedAgain} refused)` : ''}, ${again.filter((s) => s.full).length.toLocaleString('en')} of them told to catch up in full; load average ${load()}`,
      );
      console.log(`  then a price change -> every stream told: ${after.told} tills on the one process left, ${after.figures}`);
    }
  } finally {
    for (const s of streams) s.req.destroy();
    await cluster.stop();
  }
}

await main();
