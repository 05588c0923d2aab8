/** A notice from the gateway's till stream: what changed (the till then asks for the delta since its revision). */
export interface PushNotice {
  topics: ('catalogue' | 'stock' | 'settings')[];
  branches: string[] | null;
  products?: string[];
  /** The stream could not resume from the last id: everything may have changed. */
  full?: boolean;
}

export interface PushOptions {
  url: string;
  /** The headers of each (re)connection: the current token and branch. */
  headers: () => Record<string, string>;
  onNotice: (notice: PushNotice) => void;
  /** The stream is held (true) or lost (false: the till polls until it is held again). */
  onHeld: (held: boolean) => void;
  /** Waits before connecting again: after a dropped stream, and (longer) after a refusal. */
  retryMs?: number;
  refusedRetryMs?: number;
  fetchImpl?: typeof fetch;
}

/** One server-sent event, as the frame's fields say. */
interface Frame {
  id?: string;
  event?: string;
  data: string;
}

/** Splits server-sent-event text into frames; returns the frames and the unfinished rest. */
export function parseFrames(text: string): { frames: Frame[]; rest: string } {
  const frames: Frame[] = [];
  const blocks = text.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const frame: Frame = { data: '' };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const at = line.indexOf(':');
      const field = at < 0 ? line : line.slice(0, at);
      const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
      if (field === 'data') data.push(value);
      else if (field === 'id') frame.id = value;
      else if (field === 'event') frame.event = value;
    }
    frame.data = data.join('\n');
    if (frame.id !== undefined || frame.data || frame.event) frames.push(frame);
  }
  return { frames, rest };
}

/**
 * Follows the gateway's till stream (server-sent events over fetch, so the token goes in a header as on every
 * other call). A dropped stream is opened again with Last-Event-ID, so the gateway sends what was missed (or says
 * to catch up in full); a refused one (too many streams, an older server) is tried again later, the till polling
 * meanwhile. Returns a function that stops following.
 */
export function followPush(o: PushOptions): () => void {
  const fetchImpl = o.fetchImpl ?? fetch.bind(globalThis);
  let stopped = false;
  let lastId: string | null = null;
  let held = false;
  let abort: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const setHeld = (h: boolean) => {
    if (h !== held) o.onHeld((held = h));
  };

  const connect = async (): Promise<void> => {
    if (stopped) return;
    abort = new AbortController();
    let wait = o.retryMs ?? 3000;
    try {
      const headers: Record<string, string> = { ...o.headers(), Accept: 'text/event-stream' };
      if (lastId) headers['Last-Event-ID'] = lastId;
      const res = await fetchImpl(o.url, { headers, signal: abort.signal, cache: 'no-store' });
      if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
        wait = o.refusedRetryMs ?? 30_000;
        await res.body?.cancel().catch(() => undefined);
        throw new Error(`stream refused: ${res.status}`);
      }
      setHeld(true);
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffered = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        // A frame is small; a server that never ends one is not buffered without bound.
        buffered = (buffered + decoder.decode(value, { stream: true })).slice(-256 * 1024);
        const { frames, rest } = parseFrames(buffered);
        buffered = rest;
        for (const f of frames) {
          if (f.id !== undefined) lastId = f.id;
          if (f.event === 'ready' || !f.data) continue;
          try {
            o.onNotice(JSON.parse(f.data) as PushNotice);
          } catch {
            /* not a notice: skipped */
          }
        }
      }
    } catch {
      /* dropped or refused: polled meanwhile, opened again below */
    }
    setHeld(false);
    if (!stopped) timer = setTimeout(() => void connect(), wait);
  };
  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    abort?.abort();
    setHeld(false);
  };
}

type Listener = () => void;

/**
 * Whether this tab holds the push stream, and a count of the settings changes it told of: the till's settings are
 * polled only while the stream is not held, and asked for again when it says they changed.
 */
export const tillPush = (() => {
  let state = { held: false, settings: 0 };
  const listeners = new Set<Listener>();
  const set = (next: typeof state) => {
    state = next;
    for (const l of listeners) l();
  };
  return {
    snapshot: () => state,
    subscribe(l: Listener): () => void {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    held: (held: boolean) => {
      if (held !== state.held) set({ ...state, held });
    },
    notice: (n: PushNotice) => {
      if (n.full || n.topics.includes('settings')) set({ ...state, settings: state.settings + 1 });
    },
  };
})();
