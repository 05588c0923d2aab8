import { readFileSync } from 'node:fs';
import type { Request, Response } from 'express';
import { INTERNAL_TOKEN_HEADER, logger, Replicas } from '@dukan/platform';

export interface ShopManifestOptions {
  /** The manifest the frontend's build wrote. */
  file: string;
  /** Settings, asked for the shop's name over its internal route. */
  settingsUrl: string;
  internalToken?: string | undefined;
  /** How long a name is used before settings is asked again. */
  ttlMs?: number;
}

/**
 * GET /manifest.webmanifest: the installed app named after the shop (settings' store name), with the built
 * manifest's icons and the rest. While settings cannot be asked, the last name it gave, or the built manifest's.
 */
export function shopManifest(options: ShopManifestOptions) {
  const built = JSON.parse(readFileSync(options.file, 'utf8')) as Record<string, unknown>;
  const settings = new Replicas(options.settingsUrl);
  const ttlMs = options.ttlMs ?? 60_000;
  let known: { name: string; at: number } | null = null;

  async function storeName(): Promise<string | null> {
    if (known && Date.now() - known.at < ttlMs) return known.name;
    try {
      const res = await settings.fetch(
        '/internal/settings/shop',
        {
          headers: options.internalToken ? { [INTERNAL_TOKEN_HEADER]: options.internalToken } : {},
          signal: AbortSignal.timeout(2000),
        },
        true,
      );
      if (!res.ok) throw new Error(`settings answered ${res.status}`);
      const { storeName: name } = (await res.json()) as { storeName?: unknown };
      known = { name: typeof name === 'string' ? name.trim() : '', at: Date.now() };
      return known.name;
    } catch (err) {
      logger().warn({ err }, 'the manifest goes without the shop name: settings did not answer');
      return known?.name ?? null;
    }
  }

  return async (_req: Request, res: Response): Promise<void> => {
    const name = await storeName();
    res.setHeader('Cache-Control', 'no-cache');
    res.type('application/manifest+json').send(JSON.stringify(name ? { ...built, name, short_name: name } : built));
  };
}
