// The one reading of a request path, shared by the authorization check and the router that follows it.
// A path is read the way a browser resolves a URL: percent-encoding decoded per segment (an encoded
// slash stays inside its segment), empty segments (`//`, a trailing `/`) dropped, `.` and `..`
// (encoded or not) resolved. The zone (`/api`, `/internal` or anything else) is decided on that reading,
// without regard to case, so `/API/...`, `/%61pi/...`, `//api/...` and `/x/../api/...` are all /api.

export type PathZone = 'api' | 'internal' | 'other';

export interface RequestPath {
  zone: PathZone;
  /** Decoded segments after resolution; for /api and /internal the first one is the zone, lower-case. */
  segments: string[];
  /** The single spelling of this path: every segment percent-encoded the same way. */
  path: string;
}

/** A segment as it goes on the wire: what decodes to `segment` and nothing else (`/` stays `%2F`). */
export function encodeSegment(segment: string): string {
  return encodeURIComponent(segment);
}

export function joinSegments(segments: readonly string[]): string {
  return `/${segments.map(encodeSegment).join('/')}`;
}

/**
 * Reads a request target (`/API//products/%2E/p1/?active=true`) as its segments and zone; the query string
 * and fragment are ignored. Null when it is not an origin-form path or a segment's percent-encoding is broken:
 * such a request is refused as a whole rather than guessed at.
 */
export function parseRequestPath(target: string): RequestPath | null {
  const raw = target.split(/[?#]/, 1)[0] ?? '';
  if (!raw.startsWith('/')) return null;
  const segments: string[] = [];
  for (const part of raw.slice(1).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(part);
    } catch {
      return null;
    }
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  const first = segments[0]?.toLowerCase();
  const zone: PathZone = first === 'api' ? 'api' : first === 'internal' ? 'internal' : 'other';
  if (zone !== 'other') segments[0] = zone;
  return { zone, segments, path: joinSegments(segments) };
}
