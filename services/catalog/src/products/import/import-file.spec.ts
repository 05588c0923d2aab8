import { csvLine } from '@dukan/contracts';
import { ReadAborted, readImportFile, TooManyColumns, TooManyRows, TooSlow, UnreadableFile } from './import-file.js';

const read = (text: string, maxRows = 100) => readImportFile(Buffer.from(text, 'utf8'), maxRows);

describe('reading a CSV file', () => {
  it.each([
    ['a,b\r\n1,2\r\n', ['a', 'b'], [{ row: 2, cells: ['1', '2'] }]],
    ['\uFEFFa,b\n1,2', ['a', 'b'], [{ row: 2, cells: ['1', '2'] }]],
    ['a,b\n\n1,\n', ['a', 'b'], [{ row: 3, cells: ['1', ''] }]],
    ['h1,h2,h3\n"x, y","say ""hi""","two\r\nlines"\n', ['h1', 'h2', 'h3'], [{ row: 2, cells: ['x, y', 'say "hi"', 'two\r\nlines'] }]],
    ['name;price\ntea;2,50\n', ['name', 'price'], [{ row: 2, cells: ['tea', '2,50'] }]],
    ['name,note\ntea;x,1\n', ['name', 'note'], [{ row: 2, cells: ['tea;x', '1'] }]],
    ['a,b,c\n00123,2024-01-02,1e3\n', ['a', 'b', 'c'], [{ row: 2, cells: ['00123', '2024-01-02', '1e3'] }]],
    ['ناو,نرخ\nچای,برنج\n', ['ناو', 'نرخ'], [{ row: 2, cells: ['چای', 'برنج'] }]],
  ])('%j', async (text, headers, rows) => {
    expect(await read(text)).toEqual({ headers, rows });
  });

  it('numbers rows as a spreadsheet does: a record with a line break inside is one row, blank rows count', async () => {
    const sheet = await read('\n\nsku,note\n"A-1","first\nsecond"\n,\nB-2,x\n');
    expect(sheet.headers).toEqual(['sku', 'note']);
    expect(sheet.rows).toEqual([
      { row: 4, cells: ['A-1', 'first\nsecond'] },
      { row: 6, cells: ['B-2', 'x'] },
    ]);
  });

  it('reads back what csvLine wrote, formula-like cells still neutralised (the import restores them)', async () => {
    const cells = ['=SUM(A1)', '-5', 'a,b', 'he said "no"', 'کاڵا'];
    const sheet = await read(`h\r\n${csvLine(cells)}\r\n`);
    expect(sheet.rows[0]!.cells).toEqual(["'=SUM(A1)", "'-5", 'a,b', 'he said "no"', 'کاڵا']);
  });

  it('refuses text that is not UTF-8, a quote never closed and more rows than allowed', async () => {
    await expect(readImportFile(Buffer.from([0x61, 0xff, 0xfe, 0x0a]), 10)).rejects.toBeInstanceOf(UnreadableFile);
    await expect(read('a,b\n"abc,d\n')).rejects.toBeInstanceOf(UnreadableFile);
    await expect(read('a\n1\n2\n3\n', 2)).rejects.toBeInstanceOf(TooManyRows);
  });
});

describe('the bounds of reading', () => {
  it('counts blank lines as rows, so a file of only line breaks stops at the limit', async () => {
    await expect(readImportFile(Buffer.alloc(5000, '\n'), 100)).rejects.toBeInstanceOf(TooManyRows);
  });

  it('refuses a row wider than any product list', async () => {
    await expect(read(`${Array(201).fill('h').join(',')}\n`)).rejects.toBeInstanceOf(TooManyColumns);
  });

  it('stops when the client has gone, or when time has run out', async () => {
    const lines = Buffer.from('h\n' + 'a\n'.repeat(5000));
    await expect(readImportFile(lines, { maxRows: 100_000, signal: AbortSignal.abort() })).rejects.toBeInstanceOf(ReadAborted);
    await expect(readImportFile(lines, { maxRows: 100_000, maxMillis: -1 })).rejects.toBeInstanceOf(TooSlow);
  });
});
