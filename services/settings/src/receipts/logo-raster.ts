import type { Chromium } from '@dukan/platform';

/** The widest a logo is kept: the width of 80 mm paper in printer dots. */
export const LOGO_MAX_WIDTH = 576;
const LOGO_MAX_HEIGHT = 400;

/**
 * An SVG logo as a PNG, drawn by Chromium as an <img>: an image never runs the SVG's scripts nor loads what it
 * links to (and the page refuses every request anyway), so only the picture is kept and the SVG itself never is.
 */
export async function rasteriseSvg(chromium: Chromium, svg: Buffer): Promise<Buffer> {
  return chromium.withPage(async (page) => {
    await page.setViewport({ width: LOGO_MAX_WIDTH, height: LOGO_MAX_HEIGHT });
    const src = `data:image/svg+xml;base64,${svg.toString('base64')}`;
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">
        <img id="logo" src="${src}" style="display:block;max-width:${LOGO_MAX_WIDTH}px;max-height:${LOGO_MAX_HEIGHT}px;width:auto;height:auto">
      </body></html>`,
      { waitUntil: 'load' },
    );
    const box = await page.$eval('#logo', (img) => {
      const i = img as HTMLImageElement;
      // An SVG without its own size is drawn at the widest a logo may be.
      if (i.naturalWidth === 0 || i.naturalHeight === 0) return null;
      const r = i.getBoundingClientRect();
      return { width: Math.ceil(r.width), height: Math.ceil(r.height) };
    });
    if (!box || box.width < 1 || box.height < 1) throw new Error('the SVG draws nothing');
    const el = await page.$('#logo');
    return Buffer.from(await el!.screenshot({ type: 'png', omitBackground: true }));
  });
}
