import { describe, expect, it, vi } from 'vitest';
import { ReadableStream } from 'node:stream/web';
import { followPush, parseFrames, type PushNotice } from './catalogue-push.js';

function streamOf(chunks: string[]): Response {
  const body = new ReadableStream<Uint8Array>({
    // Node's: the DOM test environment has none
    start(c) {
      for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk));
      c.close();
    },
  });
  return new Response(body as unknown as BodyInit, { headers: { 'content-type': 'text/event-stream' } });
}

describe('the till stream', () => {
  it('reads frames split anywhere, skips heartbeats and keeps the unfinished rest', () => {
    const { frames, rest } = parseFrames(
      'retry: 3000\nid: a-1\nevent: ready\ndata: {}\n\n: \n\nid: a-2\ndata: {"topics":["catalogue"]}\n\nid: a-',
    );
    expect(frames).toEqual([
      { id: 'a-1', event: 'ready', data: '{}' },
      { id: 'a-2', data: '{"topics":["catalogue"]}' },
    ]);
    expect(rest).toBe('id: a-');
  });

  it('opens again after a drop with the last id it read, and says when it is held and lost', async () => {
    const sent: (string | null)[] = [];
    const notices: PushNotice[] = [];
    const held: boolean[] = [];
    let calls = 0;
    const stop = followPush({
      url: 'http://till.test/api/stream',
      headers: () => ({ Authorization: 'Bearer t' }),
      onNotice: (n) => notices.push(n),
      onHeld: (h) => held.push(h),
      retryMs: 5,
      fetchImpl: (async (_url: string, init: RequestInit) => {
        sent.push(new Headers(init.headers).get('Last-Event-ID'));
        calls += 1;
        if (calls === 1)
          return streamOf(['id: g-4\nevent: ready\ndata: {}\n\nid: g-5\ndata: {"topics":["cata', 'logue"],"branches":null}\n\n']);
        return new Promise<Response>(() => undefined); // held open
      }) as typeof fetch,
    });
    // Waited for, not slept on: beside the rest of the suite on two cores, 50 ms was once not enough for the retry.
    await vi.waitFor(() => expect(sent).toEqual([null, 'g-5']), { timeout: 5000 });
    stop();
    expect(notices).toEqual([{ topics: ['catalogue'], branches: null }]);
    expect(held.slice(0, 2)).toEqual([true, false]);
  });
});
