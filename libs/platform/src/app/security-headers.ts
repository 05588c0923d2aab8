import helmet from 'helmet';

/**
 * The headers browsers expect, on every answer of every shape: a content security policy the built frontend
 * keeps to (its own scripts only, no inline script; styles its own or inline; images also from https: for product pictures),
 * nosniff, no referrer, no framing by other sites. No HSTS and no upgrade to HTTPS: shops reach Dukan over
 * plain HTTP on their own network; where a TLS proxy fronts it, the proxy adds those.
 */
export function securityHeaders() {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'connect-src': ["'self'"],
        'font-src': ["'self'", 'data:'],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
        'img-src': ["'self'", 'data:', 'https:'],
        'object-src': ["'none'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        // Inline styles, not scripts: the till sizes the printed receipt's page with a style element it writes.
        'style-src': ["'self'", "'unsafe-inline'"],
      },
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
  });
}
