import { describe, expect, it } from 'vitest';
import { FoldSource, ProductSearchIndex, descendantsOf, normalizeSearchText } from './search-index.js';

const products = [
  { _id: 'a', sku: 'TEA-01', barcode: '6291041500213', name: { en: 'Black Tea', ku: 'چای ڕەش' }, categoryId: 'drinks' },
  { _id: 'b', sku: 'RICE-5', barcode: '6291041500220', name: { en: 'Basmati Rice 5kg', ku: 'برنجی بەسمەتی' }, categoryId: 'food' },
  { _id: 'c', sku: '6291041500213X', barcode: '777', name: { en: 'Tea Glass', ku: 'پەرداخی چا' }, categoryId: 'home' },
];

describe('search index', () => {
  const index = ProductSearchIndex.buildSync(products);
  const ids = (q: string) => index.search(q).map((i) => products[i]!._id);

  it('matches English and Kurdish names, SKU and barcode', () => {
    expect(ids('tea')).toEqual(['a', 'c']);
    expect(ids('برنج')).toEqual(['b']);
    expect(ids('rice-5')).toEqual(['b']);
    expect(ids('500220')).toEqual(['b']);
    expect(ids('')).toEqual(['a', 'b', 'c']);
    expect(ids('black glass')).toEqual([]);
  });

  it('puts the exact barcode first', () => {
    expect(ids('777')).toEqual(['c']);
    expect(ids('6291041500213')).toEqual(['a', 'c']);
  });

  it('narrows as the query grows and widens again', () => {
    expect(ids('t')).toEqual(['a', 'b', 'c']);
    expect(ids('te')).toEqual(['a', 'c']);
    expect(ids('tea g')).toEqual(['c']);
    expect(ids('rice')).toEqual(['b']);
  });

  it('finds Kurdish typed with Arabic letters and Eastern digits', () => {
    expect(normalizeSearchText('كيك')).toBe(normalizeSearchText('کیک'));
    expect(ids('٦٢٩١٠٤١٥٠٠٢٢٠')).toEqual(['b']);
    expect(ids('چاي رهش')).toEqual(['a']); // Arabic keyboard: ي for ی, ر for ڕ, ه for ە
    expect(ids('برنجي بهسمهتي')).toEqual(['b']);
    expect(ids('پەرداخى چا')).toEqual(['c']);
  });

  it('folds every variant in one form: digits, letters, marks, joiners, spaces and case', () => {
    expect(normalizeSearchText('  Çay\u200C  شەكرة  ۱٫٥ كغم\u064E ')).toBe('çay شهکره 1.5 کغم');
    expect(normalizeSearchText('ـمـيـوە ى ٢،٥')).toBe('میوه ی 2.5');
    expect(normalizeSearchText('TEA  Green\t42')).toBe('tea green 42');
  });

  it('looks a product up by barcode, then SKU', () => {
    expect(index.findByCode('6291041500213')?._id).toBe('a');
    expect(index.findByCode('rice-5')?._id).toBe('b');
    expect(index.findByCode('nope')).toBeUndefined();
  });

  it('builds in chunks, yielding between them', async () => {
    const many = Array.from({ length: 12_000 }, (_, i) => ({
      _id: String(i),
      sku: `S${i}`,
      barcode: String(1_000_000 + i),
      name: { en: `Item ${i}` },
    }));
    let yields = 0;
    const built = await ProductSearchIndex.build(many, { chunkSize: 5000, yieldToUi: async () => void yields++ });
    expect(yields).toBe(2);
    expect(built.findByCode('1011999')?._id).toBe('11999');
    expect(built.search('item 11998').map((i) => many[i]!._id)).toEqual(['11998']);
  });

  it('maps codes in chunks after the texts, and at once when a code is asked for first', async () => {
    const many = Array.from({ length: 12_000 }, (_, i) => ({
      _id: String(i),
      sku: `S${i}`,
      barcode: String(1_000_000 + i),
      name: { en: `Item ${i}` },
    }));
    const built = await ProductSearchIndex.build(many, { yieldToUi: async () => undefined });
    expect(built.findByCode('s11999')?._id).toBe('11999');
    const chunked = await ProductSearchIndex.build(many, { yieldToUi: async () => undefined });
    let yields = 0;
    await chunked.mapCodes({ chunkSize: 5000, yieldToUi: async () => void yields++ });
    expect(yields).toBe(3);
    expect(chunked.findByCode('1000007')?._id).toBe('7');
    // A product's SKU that is another's barcode finds the barcode's product, however the codes were mapped.
    const clash = [
      { _id: 'x', sku: '777', barcode: '1', name: { en: 'X' } },
      { _id: 'y', sku: 'Y', barcode: '777', name: { en: 'Y' } },
    ];
    expect(ProductSearchIndex.buildSync(clash).findByCode('777')?._id).toBe('y');
    expect(ProductSearchIndex.buildSync([...clash].reverse()).findByCode('777')?._id).toBe('y');
  });

  it('takes the folds of the list before or of what the browser kept, folding only what changed', () => {
    const first = ProductSearchIndex.buildSync(products);
    const kept = FoldSource.kept(products, first.texts);
    expect(kept).not.toBeNull();
    // Tea renamed, rice gone, a new product: the kept folds serve the unchanged glass only.
    const changed = [
      { ...products[0]!, name: { en: 'Green Tea', ku: 'چای سەوز' } },
      { _id: 'd', sku: 'CAKE', barcode: '5', name: { en: 'Cake', ku: 'کێک' }, categoryId: 'food' },
      products[2]!,
    ];
    const fromKept = FoldSource.fromKept(kept);
    const again = ProductSearchIndex.buildSync(changed, fromKept);
    expect(fromKept.misses).toBe(2);
    expect(again.texts).toEqual(ProductSearchIndex.buildSync(changed).texts);
    expect(again.search('سهوز').map((i) => changed[i]!._id)).toEqual(['a']);
    expect(again.search('glass').map((i) => changed[i]!._id)).toEqual(['c']);
    expect(again.findByCode('cake')?._id).toBe('d');

    // Within the tab, the index before serves every product the delta left as it was (the same object).
    const fromBefore = FoldSource.of(again);
    ProductSearchIndex.buildSync([changed[0]!, changed[2]!], fromBefore);
    expect(fromBefore.misses).toBe(0);
    // A folded text holding the separator is not kept; a kept record not whole is not used.
    expect(FoldSource.kept([{ _id: 'n', sku: 'A\u0000B', barcode: null, name: { en: 'N' } }], ['n a\u0000b'])).toBeNull();
    const torn = FoldSource.fromKept({ ...kept!, folded: 'x' });
    ProductSearchIndex.buildSync(products, torn);
    expect(torn.misses).toBe(3);
  });

  it('checks each kept fold against the texts it was made of, and still takes what an earlier version kept', () => {
    const first = ProductSearchIndex.buildSync(products);
    const kept = FoldSource.kept(products, first.texts)!;
    // The same texts moved between fields are not the same product's texts.
    const swapped = products.map((p) => ({ ...p, sku: p.barcode ?? '', barcode: p.sku }));
    const fromSwapped = FoldSource.fromKept(kept);
    ProductSearchIndex.buildSync(swapped, fromSwapped);
    expect(fromSwapped.misses).toBe(products.length);
    const fromSame = FoldSource.fromKept(kept);
    ProductSearchIndex.buildSync(
      products.map((p) => ({ ...p, name: { ...p.name } })),
      fromSame,
    );
    expect(fromSame.misses).toBe(0);

    // An earlier version kept each field's texts beside the folds.
    const column = (f: (p: (typeof products)[number]) => string) => products.map(f).join('\u0000');
    const legacy = {
      en: column((p) => p.name.en),
      ku: column((p) => p.name.ku ?? ''),
      sku: column((p) => p.sku),
      barcode: column((p) => p.barcode ?? ''),
      folded: first.texts.join('\u0000'),
    };
    const fromLegacy = FoldSource.fromKept(legacy);
    const again = ProductSearchIndex.buildSync([{ ...products[0]!, name: { en: 'Green Tea', ku: 'چای سەوز' } }, products[1]!], fromLegacy);
    expect(fromLegacy.misses).toBe(1);
    expect(again.texts).toEqual(
      ProductSearchIndex.buildSync([{ ...products[0]!, name: { en: 'Green Tea', ku: 'چای سەوز' } }, products[1]!]).texts,
    );
  });

  it('collects a category with all its descendants', () => {
    const cats = [
      { _id: 'food', parent: null },
      { _id: 'rice', parent: 'food' },
      { _id: 'basmati', parent: 'rice' },
      { _id: 'drinks', parent: null },
    ];
    expect([...descendantsOf('food', cats)].sort()).toEqual(['basmati', 'food', 'rice']);
    expect([...descendantsOf('drinks', cats)]).toEqual(['drinks']);
  });
});
