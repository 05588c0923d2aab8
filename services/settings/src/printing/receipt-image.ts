import type { Chromium } from '@dukan/platform';

/** The longest document printed: about 2.5 m of paper at 203 dpi. */
export const MAX_PRINT_ROWS = 20_000;

/**
 * A document as the printer will print it: the HTML laid out at the printer's dot width (one CSS pixel per dot) and
 * taken as one PNG from top to bottom. Script is off and nothing is fetched (see Chromium): images come inline.
 */
export async function renderDocument(chromium: Chromium, html: string, widthDots: number, signal?: AbortSignal): Promise<Buffer> {
  return chromium.withPage(async (page) => {
    await page.setViewport({ width: widthDots, height: 1, deviceScaleFactor: 1 });
    await page.setContent(html, { waitUntil: 'load', timeout: 15_000 });
    const height = await page.evaluate(() => Math.ceil(document.documentElement.scrollHeight));
    const clip = { x: 0, y: 0, width: widthDots, height: Math.max(1, Math.min(MAX_PRINT_ROWS, height)) };
    return Buffer.from(await page.screenshot({ type: 'png', clip, captureBeyondViewport: true }));
  }, signal);
}
