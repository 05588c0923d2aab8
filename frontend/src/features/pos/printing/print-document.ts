import { PRINTER_DOTS, type PaperWidth } from '@dukan/contracts';

/** Printable width of each paper in millimetres (the head's 8 dots per millimetre). */
const PRINTABLE_MM: Record<PaperWidth, number> = { 58: 48, 80: 72 };
const CSS_PX_PER_MM = 96 / 25.4;

/** Every style rule the page holds that the browser lets us read (the app's own sheets). */
function pageCss(doc: Document): string {
  const out: string[] = [];
  for (const sheet of Array.from(doc.styleSheets)) {
    try {
      for (const rule of Array.from(sheet.cssRules)) out.push(rule.cssText);
    } catch {
      /* a sheet from elsewhere: not ours to read */
    }
  }
  return out.join('\n');
}

/**
 * The receipt the screen shows (its printed copy, `.print-root`) as a self-contained document for the shop's
 * printer: the page's styles, the receipt laid out at the paper's printable width, zoomed so one CSS pixel of the
 * paper layout becomes the printer's dots. Images are inline already (the logo is a data: URL).
 */
export function printDocument(root: HTMLElement, paperWidth: PaperWidth): string {
  const doc = root.ownerDocument;
  const html = doc.documentElement;
  const widthPx = PRINTABLE_MM[paperWidth] * CSS_PX_PER_MM;
  const zoom = PRINTER_DOTS[paperWidth] / widthPx;
  return `<!doctype html><html dir="${html.dir || 'ltr'}" lang="${html.lang || 'en'}"><head><meta charset="utf-8"><style>${pageCss(doc)}</style><style>
html, body { margin: 0; padding: 0; background: #fff !important; }
body > .print-root { position: static; visibility: visible; block-size: auto; overflow: visible; inline-size: ${widthPx.toFixed(2)}px; zoom: ${zoom.toFixed(4)}; color: #000; }
</style></head><body>${root.outerHTML}</body></html>`;
}
