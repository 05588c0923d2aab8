import { changedFields, logoVersion, orderedTenders, receiptFields, sniffImage } from './receipts.policy.js';

describe('logo bytes', () => {
  it.each([
    [Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'image/png'],
    [Buffer.from('ffd8ffe000104a464946', 'hex'), 'image/jpeg'],
    [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/svg+xml'],
    [Buffer.from('<?xml version="1.0"?>\n<!-- shop -->\n<svg viewBox="0 0 1 1"/>'), 'image/svg+xml'],
    [Buffer.from('<html><script>alert(1)</script></html>'), null],
    [Buffer.from('GIF89a'), null],
    [Buffer.alloc(0), null],
  ])('%#: sniffed as %p', (bytes, type) => {
    expect(sniffImage(bytes)).toBe(type);
  });

  it('names a logo by its bytes', () => {
    expect(logoVersion(Buffer.from('a'))).toBe(logoVersion(Buffer.from('a')));
    expect(logoVersion(Buffer.from('a'))).not.toBe(logoVersion(Buffer.from('b')));
  });
});

describe('printed fields and tenders', () => {
  it('fills a field the stored settings lack with its default', () => {
    expect(receiptFields({ customer: false })).toEqual({ customer: false, cashier: true, points: true, rate: true, invoiceBarcode: false });
    expect(receiptFields(null).invoiceBarcode).toBe(false);
  });

  it("keeps the till's order and drops what it does not know", () => {
    expect(orderedTenders(['account', 'card', 'cash:IQD', 'cheque'])).toEqual(['cash:IQD', 'card', 'account']);
  });

  it('names the fields that changed', () => {
    expect(changedFields({ a: 1, b: { x: 1 }, c: 'x' }, { a: 1, b: { x: 2 }, c: 'y' })).toEqual(['b', 'c']);
  });
});
