import { request, type Agent, type ClientRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { connectionFailure, type Replicas } from '@dukan/platform';

/** Reads: safe to send to another process when the connection broke before the answer. */
const RESENDABLE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Per connection, never passed along (RFC 9110 §7.6.1); the body's framing is Node's to decide on each leg. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

export interface ForwardOptions {
  agent: Agent;
  /** How long a process may take to start answering. */
  timeoutMs: number;
  /** The service's answer is about to be passed on (its status). */
  onAnswer?(status: number): void;
  /** No process of the service answered (`err` is the last failure). */
  onFailure(err: unknown): void;
}

function without(headers: IncomingHttpHeaders, names: readonly string[]): IncomingHttpHeaders {
  const out = { ...headers };
  for (const n of names) delete out[n];
  return out;
}

/**
 * Passes a request on to one process of a service and its answer back. A process that refuses the connection is
 * left out for a moment and the request goes to the next one: the body is only read once a connection is made,
 * so nothing of it was sent. A read whose connection breaks before the answer is sent to the next process too;
 * anything else that broke may have been acted on and is the client's to retry (a sale with its Idempotency-Key).
 */
export function forward(req: IncomingMessage, res: ServerResponse, replicas: Replicas, options: ForwardOptions): void {
  const tried = new Set<string>();
  const headers = without(req.headers, HOP_BY_HOP);
  let current: ClientRequest | null = null;
  // The client went away: so does the call on its behalf.
  res.once('close', () => {
    if (!res.writableFinished) current?.destroy();
  });

  const attempt = (): void => {
    const base = replicas.pick(tried)!;
    tried.add(base);
    const target = new URL(base);
    let bodySent = false;
    let answered = false;
    const out = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent: options.agent });
    current = out;
    const send = () => {
      bodySent = true;
      if (req.readableEnded)
        out.end(); // a read sent again: its (empty) body was read by the first try
      else req.pipe(out);
    };
    out.once('socket', (socket) => {
      if (socket.connecting) socket.once('connect', send);
      else send(); // a kept-alive connection
    });
    out.setTimeout(options.timeoutMs, () =>
      out.destroy(Object.assign(new Error('the service did not answer in time'), { code: 'ETIMEDOUT' })),
    );
    out.once('response', (answer) => {
      answered = true;
      options.onAnswer?.(answer.statusCode ?? 502);
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, without(answer.headers, HOP_BY_HOP));
      answer.pipe(res);
      answer.once('error', () => res.destroy());
    });
    out.once('error', (err) => {
      if (answered) return void res.destroy();
      const failure = connectionFailure(err);
      if (failure) replicas.markOut(base);
      const again = (failure === 'refused' && !bodySent) || (failure !== null && RESENDABLE.has(req.method ?? ''));
      if (again && !res.destroyed && tried.size < replicas.urls.length) return attempt();
      options.onFailure(err);
    });
  };
  attempt();
}
