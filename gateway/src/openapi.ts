import { ROUTES, type RouteDef } from '@dukan/contracts';

function accessText(route: RouteDef): string {
  const a = route.access;
  switch (a.kind) {
    case 'public':
      return 'public';
    case 'authenticated':
      return 'any signed-in user';
    case 'signed':
      return 'a genuine unexpired token, even one made stale by a rename or a branch change';
    case 'admin':
      return 'admin only';
    case 'permission':
      return a.anyOf.map((p) => `${p.module}:${p.action}`).join(' or ');
  }
}

/** The API document, built from the route table so it lists every route in both shapes. */
export function buildOpenApi(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of ROUTES) {
    const path = r.path.replace(/:([A-Za-z]+)/g, '{$1}');
    const params = [...r.path.matchAll(/:([A-Za-z]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    paths[path] ??= {};
    paths[path][r.method.toLowerCase()] = {
      summary: r.summary,
      tags: [r.owner],
      description: `Access: ${accessText(r)}.`,
      ...(params.length ? { parameters: params } : {}),
      ...(r.access.kind === 'public' ? { security: [] } : {}),
      'x-dukan-access': r.access,
      responses: {
        '200': { description: 'OK' },
        '400': { $ref: '#/components/responses/Error' },
        ...(r.access.kind === 'public'
          ? {}
          : { '401': { $ref: '#/components/responses/Error' }, '403': { $ref: '#/components/responses/Error' } }),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Dukan API',
      version,
      description: 'Point of sale and shop management. Errors share one body: {success:false, error, message, code, errors?}.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      responses: {
        Error: {
          description: 'Error body',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['success', 'error', 'message', 'code'],
                properties: {
                  success: { const: false },
                  error: { type: 'string' },
                  message: { type: 'string' },
                  code: { type: 'string' },
                  errors: {
                    type: 'object',
                    description: 'Validation failures: field path to its message, first failure first',
                    additionalProperties: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
                  },
                },
              },
            },
          },
        },
      },
    },
    paths,
  };
}

/** Where the documentation page's scripts and styles are served: outside /api, files rather than routes. */
export const DOCS_ASSETS = '/docs-assets';

/** The page loads only files (no inline script), so the content security policy holds here too. */
export function docsPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dukan API</title>
<link rel="stylesheet" href="${DOCS_ASSETS}/swagger-ui.css"></head><body><div id="ui"></div>
<script src="${DOCS_ASSETS}/swagger-ui-bundle.js"></script>
<script src="${DOCS_ASSETS}/dukan-docs.js"></script></body></html>`;
}

export const DOCS_SCRIPT = `SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#ui' });\n`;
