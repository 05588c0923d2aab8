import { csvField, csvLine, neutralizeCsvCell } from './csv.js';

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
