import { request as httpRequest } from 'node:http';

export interface HttpResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface HttpClient {
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<HttpResponse<T>>;
  get<T = any>(path: string, options?: RequestOptions): Promise<HttpResponse<T>>;
  post<T = any>(path: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
  put<T = any>(path: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
  patch<T = any>(path: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
  delete<T = any>(path: string, options?: RequestOptions): Promise<HttpResponse<T>>;
}

export interface ClientOptions {
  /** Sent with every request (a request's own headers win). */
  headers?: Record<string, string>;
  /**
   * Connect from this local address (any of 127.0.0.0/8 on Linux), so a test can be several clients.
   * The path is then sent exactly as written: no URL parser tidies `/./` or `..` away.
   */
  localAddress?: string;
}

interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
}

function sendRaw(
  url: URL,
  path: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  localAddress: string | undefined,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { ...headers, ...(body !== undefined && { 'content-length': String(Buffer.byteLength(body)) }) },
        ...(localAddress && { localAddress }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
          resolve({ status: res.statusCode ?? 0, headers: h, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/**
 * A small HTTP client for API tests: JSON in, JSON (or text) out, the bearer token as an option. Paths go
 * on the wire as written (`/API//x/%2E/y` stays so), as a hand-made client would send them.
 */
export function httpClient(baseUrl: string, defaults: ClientOptions = {}): HttpClient {
  const base = new URL(baseUrl);
  const request = async (method: string, path: string, o: RequestOptions = {}): Promise<HttpResponse> => {
    const headers: Record<string, string> = { ...defaults.headers, ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: string | undefined;
    if (o.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
    }
    // Spaces and non-ASCII are escaped as a browser would; everything else goes as written.
    const wire = path.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
    const res = await sendRaw(base, wire, method, headers, body, defaults.localAddress);
    let parsed: unknown = res.text;
    if ((res.headers.get('content-type') ?? '').includes('json') && res.text) parsed = JSON.parse(res.text);
    return { status: res.status, body: parsed, headers: res.headers, text: res.text };
  };
  return {
    request,
    get: (p, o) => request('GET', p, o),
    post: (p, b, o) => request('POST', p, { ...o, body: b }),
    put: (p, b, o) => request('PUT', p, { ...o, body: b }),
    patch: (p, b, o) => request('PATCH', p, { ...o, body: b }),
    delete: (p, o) => request('DELETE', p, o),
  };
}
