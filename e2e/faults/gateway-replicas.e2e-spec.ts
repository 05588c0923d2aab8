import http from 'node:http';
import { eventually, readFrames, type StreamFrame } from '@dukan/testing';
import { built, type FaultCluster, START_MS, startFaultCluster, within } from './fault-cluster.js';

// The gateway as two processes on one port (start:cluster --replicas gateway=2: the kernel spreads the tills'
// connections over them, as a Service spreads them over a Deployment's pods). Each process follows the bus by
// itself: a price changed in the back office reaches the streams held by either. A till that comes back to the
// other process with the id the first one gave it is told to catch up in full; back at the same one, it resumes.

const describeCluster = built ? describe : describe.skip;

type Frame = StreamFrame<{ topics: string[]; branches: string[] | null; products?: string[]; full?: boolean }>;

/**
 * A till's open stream: its frames as they come. Each on a connection of its own (no agent): a pooled connection
 * freed by a stream the gateway closed would carry the next stream to the same process, not where the kernel sends it.
 */
async function openStream(url: string, token: string, lastId?: string) {
  const frames: Frame[] = [];
  let text = '';
  const req = http.get(`${url}/api/stream`, {
    agent: false,
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...(lastId ? { 'last-event-id': lastId } : {}) },
  });
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => req.once('response', resolve).once('error', reject));
  expect(res.statusCode).toBe(200);
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    text = readFrames(text + chunk, frames);
  });
  res.on('error', () => undefined);
  const ended = new Promise<void>((resolve) => res.once('close', () => resolve()));
  /** The first frame: its id names the process that holds the stream (`<process>-<n>`). */
  const first = await eventually(async () => frames[0] ?? null, 20_000, 20);
  return {
    frames,
    first,
    process: first.id!.split('-')[0],
    close: async () => {
      req.destroy();
      await ended;
    },
  };
}

type Stream = Awaited<ReturnType<typeof openStream>>;

describeCluster('the gateway as two processes: every till on either is told of a price change', () => {
  let f: FaultCluster;
  const streams: Stream[] = [];

  beforeAll(async () => {
    f = await startFaultCluster('gwreplicas', { replicas: { gateway: 2 } });
  }, START_MS);

  afterAll(async () => {
    for (const s of streams) await s.close();
    await f?.dispose();
  }, 90_000);

  it('a price change reaches the streams held by both processes; a till back at the other one catches up in full', async () => {
    const { api, token, cluster } = f;
    const category = await eventually(async () => {
      const res = await api.post('/api/categories', { name: { en: 'Push', ku: 'پاڵ' } }, { token });
      return res.status === 201 ? res : null;
    }, 60_000);
    const product = await api.post(
      '/api/products',
      {
        sku: 'PUSH-2GW',
        barcode: '6260000000917',
        name: { en: 'Tea', ku: 'چا' },
        category: category.body._id,
        price: 2,
        cost: 1,
        quantity: 5,
      },
      { token },
    );
    expect(product.status).toBe(201);
    const productId = product.body._id as string;

    // Tills open their streams until both processes hold some (the kernel chooses; 40 tries leave no real doubt).
    for (let n = 0; n < 40 && new Set(streams.map((s) => s.process)).size < 2; n++) streams.push(await openStream(cluster.url, token));
    for (let n = 0; n < 6; n++) streams.push(await openStream(cluster.url, token));
    const processes = [...new Set(streams.map((s) => s.process))];
    expect(processes).toHaveLength(2);

    expect((await api.put(`/api/products/${productId}`, { price: 2.75 }, { token })).status).toBe(200);
    const told = (s: Stream) => s.frames.some((x) => x.data?.products?.includes(productId));
    await within(
      eventually(async () => streams.every(told) || null, 30_000, 50),
      35_000,
      'every stream told',
    ).catch(() => undefined);
    expect(processes.map((p) => `${p}: ${streams.filter((s) => s.process === p && !told(s)).length} not told`)).toEqual(
      processes.map((p) => `${p}: 0 not told`),
    );
    // The till then asks for the new price, through whichever process its call reaches.
    expect((await api.get(`/api/products/${productId}`, { token })).body.price).toBe(2.75);

    // A till that lost its stream comes back with the last id it read; where it lands is the kernel's choice.
    const held = streams.find((s) => s.process === processes[0])!;
    const lastId = held.frames.filter((x) => x.id).at(-1)!.id!;
    const back: Stream[] = [];
    for (let n = 0; n < 40 && new Set(back.map((s) => s.process)).size < 2; n++) back.push(await openStream(cluster.url, token, lastId));
    streams.push(...back);
    const answers = new Set(
      back.map((s) =>
        s.process === processes[0]
          ? `same: ${s.first.data?.full ? 'full' : 'resumed'}`
          : `other: ${s.first.data?.full ? 'full' : 'resumed'}`,
      ),
    );
    expect([...answers].sort()).toEqual(['other: full', 'same: resumed']);
    expect(back.find((s) => s.process !== processes[0])!.first.data).toMatchObject({ full: true, branches: ['main'] });
  }, 300_000);
});
