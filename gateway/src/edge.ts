import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import { shopManifest } from './manifest.js';
import { buildOpenApi, DOCS_ASSETS, DOCS_SCRIPT, docsPage } from './openapi.js';

const require = createRequire(import.meta.url);

export interface EdgeOptions {
  frontendDist: string;
  version: string;
  /** Settings and the internal token, for the shop's name in the installed app's manifest. */
  settingsUrl: string;
  internalToken?: string | undefined;
}

/**
 * What the gateway serves itself in both shapes: the API document, and the built frontend with history fallback
 * and its manifest named after the shop.
 */
export function mountEdge(app: express.Express, options: EdgeOptions): void {
  const doc = buildOpenApi(options.version);
  app.get('/api/docs/openapi.json', (_req, res) => {
    res.json(doc);
  });
  app.get('/api/docs', (_req, res) => {
    res.type('html').send(docsPage());
  });
  try {
    const swaggerDir = dirname(require.resolve('swagger-ui-dist/package.json'));
    app.get(`${DOCS_ASSETS}/dukan-docs.js`, (_req, res) => {
      res.type('text/javascript').send(DOCS_SCRIPT);
    });
    app.use(DOCS_ASSETS, express.static(swaggerDir, { index: false }));
  } catch {
    /* docs page without its assets: the JSON document still serves */
  }

  const index = join(options.frontendDist, 'index.html');
  if (!existsSync(index)) return;
  const manifest = join(options.frontendDist, 'manifest.webmanifest');
  if (existsSync(manifest)) {
    app.get(
      '/manifest.webmanifest',
      shopManifest({ file: manifest, settingsUrl: options.settingsUrl, internalToken: options.internalToken }),
    );
  }
  app.use(
    express.static(options.frontendDist, {
      index: false,
      maxAge: '1h',
      setHeaders: (res, path) => {
        // Hashed assets never change; the service worker and its registration are asked for again on every load, so a
        // new version reaches the tills at once.
        if (path.includes('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else if (/[\\/](sw\.js|registerSW\.js|index\.html)$/.test(path)) res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );
  app.use((req: Request, res: Response, next: NextFunction) => {
    const isPage = req.method === 'GET' && !/^\/(api|internal|health)(\/|$)/.test(req.path) && req.accepts('html') === 'html';
    if (!isPage) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
