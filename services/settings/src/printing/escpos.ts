import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { PNG } from 'pngjs';

/** Rows sent per `GS v 0` command: printers buffer a band at a time, and a whole long receipt overflows some. */
const BAND_ROWS = 240;

export interface EscposOptions {
  /** The printer's dot width (384 for 58 mm, 576 for 80 mm); the image is cropped or padded to it. */
  widthDots: number;
  /** Pulse the cash drawer on the printer's kick port (ESC p) before printing. */
  openDrawer: boolean;
}

/**
 * A rendered document (PNG) as ESC/POS: the picture in 1-bit raster bands (`GS v 0`, via a maintained encoder),
 * fed past the cutter and cut; a cash sale opens the drawer first, so the cashier can give change while it prints.
 */
export function pngToEscpos(png: Buffer, { widthDots, openDrawer }: EscposOptions): Uint8Array {
  const image = PNG.sync.read(png);
  const width = widthDots;
  const height = Math.ceil(image.height / 8) * 8;
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', imageMode: 'raster', feedBeforeCut: 4 });
  let out = encoder.initialize();
  if (openDrawer) out = out.pulse(0, 100, 500);
  for (let top = 0; top < height; top += BAND_ROWS) {
    const rows = Math.min(BAND_ROWS, height - top);
    out = out.image(band(image, top, width, rows), width, rows, 'threshold', 128);
  }
  return out.cut('full').encode();
}

/** Rows top..top+rows of the image on white, as RGBA the encoder reads; transparent pixels are paper. */
function band(image: PNG, top: number, width: number, rows: number): { data: Uint8ClampedArray; width: number; height: number } {
  const data = new Uint8ClampedArray(width * rows * 4).fill(255);
  for (let y = 0; y < rows; y++) {
    const sy = top + y;
    if (sy >= image.height) break;
    for (let x = 0; x < Math.min(width, image.width); x++) {
      const s = (sy * image.width + x) * 4;
      const d = (y * width + x) * 4;
      const a = image.data[s + 3]! / 255;
      for (let c = 0; c < 3; c++) data[d + c] = Math.round(image.data[s + c]! * a + 255 * (1 - a));
    }
  }
  return { data, width, height: rows };
}
