import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import type { ServiceTestApp } from '@dukan/testing';
import { startCatalog } from './helpers.js';

// One import file never ends the server: a 20 MB CSV of one-character lines and a 3 MB workbook whose sheet unpacks
// to gigabytes of empty rows are refused within seconds, saying why, while the process's heap stays bounded.

let t: ServiceTestApp;
beforeAll(async () => {
  t = await startCatalog();
}, 120_000);
afterAll(() => t.close());

const HEADER = 'Name (English),Name (Kurdish),SKU,Barcode,Price (USD),Cost (USD),Quantity,Category';

/** Uploads as the import dialog does, sampling the heap meanwhile; the answer, how long it took and the heap's growth. */
async function upload(content: Buffer, fileName: string, locale = 'en') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), fileName);
  global.gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 10);
  const started = Date.now();
  try {
    const res = await fetch(`${t.url}/api/products/import`, {
      method: 'POST',
      body: form,
      headers: { ...t.gatewayHeaders, authorization: `Bearer ${t.tokens.manager}`, 'accept-language': locale },
    });
    return { status: res.status, body: (await res.json()) as any, ms: Date.now() - started, heapGrowthMb: (peak - base) / 2 ** 20 };
  } finally {
    clearInterval(sampler);
  }
}

interface ZipPart {
  name: string;
  /** The part's text, or pieces written one after another (the same Buffer may come many times). */
  data: string | { piece: Buffer; times: number; head: string; tail: string };
}

/** A workbook as a zip (stored sizes and CRCs as Excel writes them), parts in the order given. */
async function zip(parts: ZipPart[]): Promise<Buffer> {
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    let compressed: Buffer;
    let crc = 0;
    let size = 0;
    if (typeof part.data === 'string') {
      const raw = Buffer.from(part.data);
      compressed = deflateRawSync(raw);
      crc = crc32(raw);
      size = raw.length;
    } else {
      const { piece, times, head, tail } = part.data;
      const deflate = createDeflateRaw({ level: 9 });
      const chunks: Buffer[] = [];
      deflate.on('data', (c: Buffer) => chunks.push(c));
      const done = new Promise((r) => deflate.on('end', r));
      const write = async (b: Buffer) => {
        crc = crc32(b, crc);
        size += b.length;
        if (!deflate.write(b)) await new Promise((r) => deflate.once('drain', r));
      };
      await write(Buffer.from(head));
      for (let i = 0; i < times; i++) await write(piece);
      await write(Buffer.from(tail));
      deflate.end();
      await done;
      compressed = Buffer.concat(chunks);
    }
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflated
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size >>> 0, 22); // a claimed size, as a hostile file may state it
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc >>> 0, 16);
    entry.writeUInt32LE(compressed.length, 20);
    entry.writeUInt32LE(size >>> 0, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    out.push(local, name, compressed);
    central.push(entry, name);
    offset += local.length + name.length + compressed.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, dir, end]);
}

const WORKBOOK_PARTS: ZipPart[] = [
  {
    name: '[Content_Types].xml',
    data: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  },
  {
    name: '_rels/.rels',
    data: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  },
  {
    name: 'xl/workbook.xml',
    data: '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Products" sheetId="1" r:id="rId1"/></sheets></workbook>',
  },
  {
    name: 'xl/_rels/workbook.xml.rels',
    data: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  },
  {
    name: 'xl/sharedStrings.xml',
    data: '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"></sst>',
  },
];
const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:XFD1048576"/><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';

it('refuses a 20 MB CSV of one-character lines within seconds, its heap bounded', async () => {
  const file = Buffer.alloc(20 * 1024 * 1024 - 4096, 'a\n');
  file.write(`${HEADER}\n`, 0);
  const res = await upload(file, 'lines.csv', 'ku');
  expect(res.status).toBe(400);
  expect(res.body.errors.file.message).toBe('پەڕگەیەک دەتوانێت لانیزۆر 100000 ڕیزی کاڵای تێدا بێت');
  expect(res.ms).toBeLessThan(20_000);
  expect(res.heapGrowthMb).toBeLessThan(256);
}, 120_000);

it('refuses a CSV of 20 MB of blank lines as too many rows, not by reading them all into rows', async () => {
  const res = await upload(Buffer.alloc(20 * 1024 * 1024 - 4096, '\n'), 'blank.csv');
  expect(res.status).toBe(400);
  expect(res.body.errors.file.message).toBe('A file may hold at most 100000 product rows');
  expect(res.heapGrowthMb).toBeLessThan(256);
}, 120_000);

it('refuses a few-MB workbook whose sheet unpacks to gigabytes of empty rows within seconds, its heap bounded', async () => {
  // About 1 GB of `<row r="2"/>` behind a dimension that claims every row and column Excel has.
  const piece = Buffer.from('<row r="2" spans="1:16384"/>'.repeat(36_000));
  const file = await zip([
    ...WORKBOOK_PARTS,
    { name: 'xl/worksheets/sheet1.xml', data: { piece, times: 1000, head: SHEET_HEAD, tail: SHEET_TAIL } },
  ]);
  expect(file.length).toBeLessThan(8 * 1024 * 1024);
  const res = await upload(file, 'empty-rows.xlsx');
  expect(res.status).toBe(400);
  expect(res.body.errors.file.message).toMatch(/^This file holds far more than a product list can/);
  expect(res.ms).toBeLessThan(20_000);
  expect(res.heapGrowthMb).toBeLessThan(256);
}, 180_000);

it('refuses a workbook whose rows jump to row 1,000,000,000, or run on empty past the row limit', async () => {
  const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>Name (English)</t></is></c></row>';
  const far = await zip([
    ...WORKBOOK_PARTS,
    {
      name: 'xl/worksheets/sheet1.xml',
      data: `${SHEET_HEAD}${header}<row r="1000000000"><c r="A1000000000"><v>1</v></c></row>${SHEET_TAIL}`,
    },
  ]);
  const jump = await upload(far, 'far.xlsx');
  expect(jump.status).toBe(400);
  expect(jump.body.errors.file.message).toBe('A file may hold at most 100000 product rows');

  const rows = await zip([
    ...WORKBOOK_PARTS,
    {
      name: 'xl/worksheets/sheet1.xml',
      data: { piece: Buffer.from('<row/>'.repeat(10_000)), times: 20, head: SHEET_HEAD + header, tail: SHEET_TAIL },
    },
  ]);
  const empty = await upload(rows, 'empty.xlsx');
  expect(empty.status).toBe(400);
  expect(empty.body.errors.file.message).toBe('A file may hold at most 100000 product rows');

  const wide = await zip([
    ...WORKBOOK_PARTS,
    {
      name: 'xl/worksheets/sheet1.xml',
      data: `${SHEET_HEAD}<row r="1"><c r="XFD1" t="inlineStr"><is><t>x</t></is></c></row>${SHEET_TAIL}`,
    },
  ]);
  const tooWide = await upload(wide, 'wide.xlsx');
  expect(tooWide.status).toBe(400);
  expect(tooWide.body.errors.file.message).toBe('A file may have at most 200 columns');
}, 120_000);

it('refuses a workbook listing millions of tiny shared texts (each held in memory while rows are read)', async () => {
  const strings: ZipPart = {
    name: 'xl/sharedStrings.xml',
    data: {
      piece: Buffer.from('<si><t>a</t></si>'.repeat(10_000)),
      times: 150,
      head: '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
      tail: '</sst>',
    },
  };
  const file = await zip([
    ...WORKBOOK_PARTS.filter((p) => p.name !== 'xl/sharedStrings.xml'),
    strings,
    { name: 'xl/worksheets/sheet1.xml', data: `${SHEET_HEAD}${SHEET_TAIL}` },
  ]);
  const res = await upload(file, 'strings.xlsx');
  expect(res.status).toBe(400);
  expect(res.body.errors.file.message).toMatch(/^This file holds far more than a product list can/);
  expect(res.heapGrowthMb).toBeLessThan(256);
}, 120_000);
