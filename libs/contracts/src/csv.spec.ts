import { csvField, csvLine, neutralizeCsvCell, parseCsv, restoreCsvCell } from './csv.js';

describe('CSV cell neutralisation', () => {
  it.each([
    ['=HYPERLINK("http://x")', `'=HYPERLINK("http://x")`],
    ['+1+2', `'+1+2`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tcmd', `'\tcmd`],
    ['\rcmd', `'\rcmd`],
    ['Rice 5kg', 'Rice 5kg'],
    ['برنج', 'برنج'],
    ['1-2', '1-2'],
  ])('%j -> %j', (input, expected) => {
    expect(neutralizeCsvCell(input)).toBe(expected);
  });
});

describe('CSV fields and lines', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=1+1', `'=1+1`],
    ['=A1,B1', `"'=A1,B1"`],
    [-12.5, '-12.5'],
    [0, '0'],
    [Number.NaN, ''],
    [null, ''],
    [undefined, ''],
  ] as const)('%j -> %j', (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });

  it('joins fields with commas; a negative number stays a number, a text starting with minus is neutralised', () => {
    expect(csvLine(['چا', -3, '-3', null, 'x,y'])).toBe(`چا,-3,'-3,,"x,y"`);
  });
});

describe('reading CSV', () => {
  it.each([
    ['a,b\r\n1,2\r\n', [['a', 'b'], ['1', '2']]],
    ['\uFEFFa,b\n1,2', [['a', 'b'], ['1', '2']]],
    ['a,b\n\n1,\n', [['a', 'b'], [''], ['1', '']]],
    ['"x, y","say ""hi""","two\r\nlines"\n', [['x, y', 'say "hi"', 'two\r\nlines']]],
    ['name;price\ntea;2,50\n', [['name', 'price'], ['tea', '2,50']]],
    ['name,note\ntea;x,1\n', [['name', 'note'], ['tea;x', '1']]],
    ['00123,2024-01-02,1e3\n', [['00123', '2024-01-02', '1e3']]],
    ['چای,برنج\n', [['چای', 'برنج']]],
  ])('%j', (text, rows) => {
    expect(parseCsv(text)).toEqual(rows);
  });

  it('reads back what csvLine wrote, formula-like cells included', () => {
    const cells = ['=SUM(A1)', '-5', 'a,b', 'he said "no"', 'کاڵا'];
    expect(parseCsv(`${csvLine(cells)}\r\n`)[0]!.map(restoreCsvCell)).toEqual(cells);
  });
});
