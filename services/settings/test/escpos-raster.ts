// Reads back what a receipt printer would print from ESC/POS bytes: the `GS v 0` raster bands stacked as one 1-bit
// image, and whether the drawer kick (ESC p) and the cut (GS V) were sent.

export interface PrintedImage {
  width: number;
  height: number;
  /** One byte per dot: 1 black, 0 paper. */
  dots: Uint8Array;
}

export interface ReadBack {
  image: PrintedImage;
  drawerKicks: number;
  cuts: number;
}

export function readEscpos(bytes: Uint8Array): ReadBack {
  const bands: PrintedImage[] = [];
  let drawerKicks = 0;
  let cuts = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x1d && bytes[i + 1] === 0x76 && bytes[i + 2] === 0x30) {
      const widthBytes = bytes[i + 4]! + bytes[i + 5]! * 256;
      const height = bytes[i + 6]! + bytes[i + 7]! * 256;
      const start = i + 8;
      const dots = new Uint8Array(widthBytes * 8 * height);
      for (let y = 0; y < height; y++) {
        for (let xb = 0; xb < widthBytes; xb++) {
          const b = bytes[start + y * widthBytes + xb]!;
          for (let bit = 0; bit < 8; bit++) dots[y * widthBytes * 8 + xb * 8 + bit] = (b >> (7 - bit)) & 1;
        }
      }
      bands.push({ width: widthBytes * 8, height, dots });
      i = start + widthBytes * height - 1;
    } else if (bytes[i] === 0x1b && bytes[i + 1] === 0x70) {
      drawerKicks += 1;
      i += 4;
    } else if (bytes[i] === 0x1d && bytes[i + 1] === 0x56) {
      cuts += 1;
      i += 2;
    }
  }
  const width = bands[0]?.width ?? 0;
  const height = bands.reduce((n, b) => n + b.height, 0);
  const dots = new Uint8Array(width * height);
  let y = 0;
  for (const b of bands) {
    dots.set(b.dots, y * width);
    y += b.height;
  }
  return { image: { width, height, dots }, drawerKicks, cuts };
}
