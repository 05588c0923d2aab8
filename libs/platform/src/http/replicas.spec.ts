import { createServer, type Server } from 'node:http';
import { connectionFailure, parseUrlList, Replicas } from './replicas.js';

describe('Replicas', () => {
  it.each([
    ['one URL', 'http://a:1', ['http://a:1']],
    ['a list with spaces and trailing slashes', ' http://a:1/, http://b:2 ,,', ['http://a:1', 'http://b:2']],
  ])('reads %s', (_, list, urls) => {
    expect(parseUrlList(list)).toEqual(urls);
  });

  it('takes turns over the processes', () => {
    const r = new Replicas('http://a,http://b,http://c');
    expect([r.pick(), r.pick(), r.pick(), r.pick()]).toEqual(['http://a', 'http://b', 'http://c', 'http://a']);
  });

  it('leaves a process out for a moment, then gives it its turn again', () => {
    let now = 0;
    const r = new Replicas('http://a,http://b', 1000, () => now);
    r.markOut('http://b');
    expect([r.pick(), r.pick(), r.pick()]).toEqual(['http://a', 'http://a', 'http://a']);
    now = 1001;
    expect(new Set([r.pick(), r.pick()])).toEqual(new Set(['http://a', 'http://b']));
  });

  it('skips the processes a call already tried, and answers null once all were', () => {
    const r = new Replicas('http://a,http://b');
    expect(r.pick(new Set(['http://a']))).toBe('http://b');
    expect(r.pick(new Set(['http://a', 'http://b']))).toBeNull();
  });

  it('when every process is out, tries the one out longest ago (it may be back)', () => {
    let now = 0;
    const r = new Replicas('http://a,http://b', 1000, () => now);
    r.markOut('http://b');
    now = 10;
    r.markOut('http://a');
    expect([r.pick(), r.pick()]).toEqual(['http://b', 'http://b']);
  });

  it.each([
    ['refused (node:http)', Object.assign(new Error('x'), { code: 'ECONNREFUSED' }), 'refused'],
    ['refused (fetch)', new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }) }), 'refused'],
    [
      'refused on every address',
      new TypeError('fetch failed', { cause: new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]) }),
      'refused',
    ],
    ['reset', Object.assign(new Error('x'), { code: 'ECONNRESET' }), 'broken'],
    [
      'closed under fetch',
      new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) }),
      'broken',
    ],
    ['a timeout', new DOMException('timed out', 'TimeoutError'), null],
    ['anything else', new Error('boom'), null],
  ])('names a failure: %s', (_, err, kind) => {
    expect(connectionFailure(err)).toBe(kind);
  });

  describe('fetch over real processes', () => {
    let server: Server;
    let live: string;
    let dead: string;

    beforeAll(async () => {
      server = createServer((req, res) => res.end(`served ${req.url}`));
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      live = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      // A port nobody listens on: taken, then let go.
      const gone = createServer();
      await new Promise<void>((r) => gone.listen(0, '127.0.0.1', r));
      dead = `http://127.0.0.1:${(gone.address() as { port: number }).port}`;
      await new Promise((r) => gone.close(r));
    });

    afterAll(() => new Promise((r) => server.close(r)));

    it('sends a call that a dead process refused to the next one, and leaves the dead one out', async () => {
      const r = new Replicas(`${dead},${live}`);
      const answers = await Promise.all([1, 2, 3, 4].map(async (n) => (await r.fetch(`/x/${n}`)).text()));
      expect(answers).toEqual(['served /x/1', 'served /x/2', 'served /x/3', 'served /x/4']);
      expect(r.isOut(dead)).toBe(true);
      expect(r.isOut(live)).toBe(false);
    });

    it('fails as fetch does when no process answers', async () => {
      await expect(new Replicas(dead).fetch('/x')).rejects.toThrow('fetch failed');
    });
  });
});
