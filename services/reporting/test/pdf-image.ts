// Reading a PDF as a person would: its text (pdftotext) and its first page as pixels (pdftoppm, greyscale PGM).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'dukan-pdf-'));
  try {
    writeFileSync(join(dir, 'r.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function pdfInfo(pdf: Buffer): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'dukan-pdf-'));
  try {
    writeFileSync(join(dir, 'r.pdf'), pdf);
    const out = execFileSync('pdfinfo', [join(dir, 'r.pdf')], { encoding: 'utf8' });
    return Object.fromEntries(
      out
        .split('\n')
        .filter(Boolean)
        .map((l) => [l.slice(0, l.indexOf(':')).trim(), l.slice(l.indexOf(':') + 1).trim()]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface Page {
  width: number;
  height: number;
  at(x: number, y: number): number; // 0 black .. 255 white
}

/** The first page at `dpi` as greyscale pixels. */
export function firstPage(pdf: Buffer, dpi = 100): Page {
  const dir = mkdtempSync(join(tmpdir(), 'dukan-pdf-'));
  try {
    writeFileSync(join(dir, 'r.pdf'), pdf);
    execFileSync('pdftoppm', ['-gray', '-r', String(dpi), '-f', '1', '-l', '1', join(dir, 'r.pdf'), join(dir, 'p')]);
    const file = readFileSync(
      join(
        dir,
        execFileSync('ls', [dir], { encoding: 'utf8' })
          .split('\n')
          .find((f) => f.endsWith('.pgm'))!,
      ),
    );
    // P5 <w> <h> <max>\n then one byte per pixel
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(file.subarray(0, 50).toString('latin1'))!;
    const width = Number(header[1]);
    const height = Number(header[2]);
    const data = file.subarray(header[0].length);
    return { width, height, at: (x, y) => data[y * width + x]! };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The box around the first block of ink from the top (rows with ink, until a blank row). */
export function firstInkBlock(page: Page, threshold = 160): { left: number; right: number; top: number; bottom: number } | null {
  const inkRow = (y: number) => {
    let left = -1;
    let right = -1;
    for (let x = 0; x < page.width; x++) {
      if (page.at(x, y) < threshold) {
        if (left < 0) left = x;
        right = x;
      }
    }
    return left < 0 ? null : { left, right };
  };
  let box: { left: number; right: number; top: number; bottom: number } | null = null;
  for (let y = 0; y < page.height; y++) {
    const r = inkRow(y);
    if (!r) {
      if (box) return box;
      continue;
    }
    box = box
      ? { left: Math.min(box.left, r.left), right: Math.max(box.right, r.right), top: box.top, bottom: y }
      : { ...r, top: y, bottom: y };
  }
  return box;
}
