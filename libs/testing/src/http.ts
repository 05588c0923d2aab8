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

/** A small fetch wrapper for API tests: JSON in, JSON (or text) out, the bearer token as an option. */
export function httpClient(baseUrl: string): HttpClient {
  const request = async (method: string, path: string, o: RequestOptions = {}): Promise<HttpResponse> => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: string | undefined;
    if (o.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
    }
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, body: parsed, headers: res.headers, text };
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
