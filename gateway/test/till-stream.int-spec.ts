import { readFrames, type StreamFrame } from '@dukan/testing';
import { inBranch, openChainWithTea, SHAPES, type Shop } from './chain-shop.js';

// The tills' push stream (issue 32), in both shapes: a price changed in the back office reaches an open stream
// through the services' events; a till that lost its stream and opens it again with the last id it read is sent
// what it missed (no gap), and one whose id this gateway cannot resume from is told to catch up in full.

type Frame = StreamFrame<{ topics: string[]; branches: string[] | null; products?: string[]; full?: boolean }>;

/** An open stream: its frames as they come, and a wait for one that matches. */
async function openStream(url: string, token: string, lastId?: string, branch?: string) {
  const abort = new AbortController();
  const res = await fetch(`${url}/api/stream`, {
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'text/event-stream',
      ...(lastId ? { 'last-event-id': lastId } : {}),
      ...(branch ? { 'x-dukan-branch': branch } : {}),
    },
    signal: abort.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const frames: Frame[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text = readFrames(text + decoder.decode(value, { stream: true }), frames);
    }
  })().catch(() => undefined);
  return {
    frames,
    async until(match: (f: Frame) => boolean, ms = 20_000): Promise<Frame> {
      for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 25))) {
        const f = frames.find(match);
        if (f) return f;
      }
      throw new Error(`no such frame in ${ms} ms; had ${JSON.stringify(frames)}`);
    },
    lastId: () => frames.filter((f) => f.id).at(-1)?.id,
    close: async () => {
      abort.abort();
      await reading;
    },
  };
}

describe.each(SHAPES)("the tills' push stream (%s)", (_shape, start) => {
  let c: Shop;
  let url = '';
  let productId = '';
  const tillPrice = async (branch: string) =>
    ((await c.get('/api/products?active=true&view=till', inBranch(c.adminToken, branch))).body as { _id: string; price: number }[]).find(
      (p) => p._id === productId,
    )?.price;

  beforeAll(async () => {
    c = await start();
    url = (c as unknown as { url: string }).url;
    productId = await openChainWithTea(c, 'TEA-PUSH', '6260000000795');
  }, 120_000);
  afterAll(() => c.close());

  it('tells an open stream of a price change at once, and the till then sees the new price', async () => {
    const s = await openStream(url, c.adminToken);
    try {
      await s.until((f) => f.event === 'ready');
      expect((await c.put(`/api/products/${productId}`, { price: 3 }, inBranch(c.adminToken))).status).toBe(200);
      const told = await s.until((f) => !!f.data?.products?.includes(productId));
      // Changes close together are told in one frame: a settings event of the cluster's start may share it.
      expect(told.data).toMatchObject({ topics: expect.arrayContaining(['catalogue']), branches: null });
      expect(await tillPrice('main')).toBe(3);
    } finally {
      await s.close();
    }
  });

  it("a branch's price reaches that branch's stream and not another branch's", async () => {
    const inB = await openStream(url, c.adminToken, undefined, 'b');
    const inC = await openStream(url, c.adminToken, undefined, 'c');
    try {
      await inB.until((f) => f.event === 'ready');
      await inC.until((f) => f.event === 'ready');
      expect((await c.put(`/api/products/${productId}/branch-prices/b`, { price: 2.5 }, inBranch(c.adminToken, 'main'))).status).toBe(200);
      // B is told (a notice for B, or one for every branch when an earlier change's event came in the same
      // moment), and its till then sees B's price.
      const toldB = await inB.until((f) => !f.event && !!f.data && (f.data.branches === null || !!f.data.branches?.includes('b')));
      expect(await tillPrice('b')).toBe(2.5);
      // A later change for everyone reaches C after it: C was never told of B's price.
      const seq = (f: Frame) => Number(f.id?.split('-')[1]);
      expect((await c.put(`/api/products/${productId}`, { price: 3.25 }, inBranch(c.adminToken))).status).toBe(200);
      await inC.until((f) => f.data?.branches === null && seq(f) > seq(toldB));
      expect(inC.frames.filter((f) => f.data?.branches?.includes('b'))).toEqual([]);
    } finally {
      await inB.close();
      await inC.close();
    }
  });

  it('a till that opens its stream again with Last-Event-ID is sent what it missed meanwhile, in order', async () => {
    const first = await openStream(url, c.adminToken);
    await first.until((f) => f.event === 'ready');
    const before = first.lastId()!;
    await first.close();
    // Two changes while the till had no stream.
    expect((await c.put(`/api/products/${productId}`, { price: 4 }, inBranch(c.adminToken))).status).toBe(200);
    await new Promise((r) => setTimeout(r, 400)); // one notice each (notices gather changes over 100 ms)
    expect((await c.put(`/api/products/${productId}`, { name: { en: 'Green tea', ku: 'چای سەوز' } }, inBranch(c.adminToken))).status).toBe(
      200,
    );
    // The gateway heard both (a fresh stream's first id moves on from `before` by two or more).
    const probe = await c.get('/api/stream', { token: c.adminToken });
    const [boot, n] = before.split('-');
    for (const end = Date.now() + 20_000; ; await new Promise((r) => setTimeout(r, 50))) {
      const at = ((await c.get('/api/stream', { token: c.adminToken })).body as { data: { id: string } }).data.id;
      if (Number(at.split('-')[1]) >= Number(n) + 2 || Date.now() > end) break;
    }
    expect(probe.status).toBe(200);
    const again = await openStream(url, c.adminToken, before);
    try {
      const missed = await again.until((f) => !!f.data && Number(f.id?.split('-')[1]) >= Number(n) + 2);
      const ids = again.frames.filter((f) => f.data).map((f) => Number(f.id!.split('-')[1]));
      // Every notice after `before`, none skipped, none before it.
      expect(ids[0]).toBe(Number(n) + 1);
      expect(ids).toEqual(ids.map((_, i) => Number(n) + 1 + i));
      expect(missed.id!.startsWith(`${boot}-`)).toBe(true);
      expect(again.frames.some((f) => f.data?.products?.includes(productId))).toBe(true);
      expect(again.frames.some((f) => f.data?.full)).toBe(false);
    } finally {
      await again.close();
    }
  });

  it('a till whose last id this gateway cannot resume from is told to catch up in full', async () => {
    const s = await openStream(url, c.adminToken, 'another-gateway-17');
    try {
      const told = await s.until((f) => !!f.data);
      expect(told.data).toMatchObject({ full: true, branches: ['main'] });
    } finally {
      await s.close();
    }
  });

  it('refuses a caller without a token, as every other call', async () => {
    const res = await fetch(`${url}/api/stream`, { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(401);
  });
});
