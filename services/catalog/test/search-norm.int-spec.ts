import { normalizeSearchText, SEARCH_FOLD_FROM } from '@dukan/contracts';
import type { ServiceTestApp } from '@dukan/testing';
import { startCatalog } from './helpers.js';

let t: ServiceTestApp;
beforeAll(async () => {
  t = await startCatalog();
});
afterAll(() => t.close());

// Real spellings from both keyboards, every character the folding touches, and text it must leave alone.
const SAMPLES = [
  'کێک',
  'كيك',
  'شەکر',
  'شهكر',
  'ھێلکە',
  'هيلكه',
  'گۆشتی مریشک',
  'گؤشتي مريشك',
  'ڕۆنی گوڵەبەڕۆژە',
  'ڤیتامین C',
  'معكرونة',
  'أحمد إبراهيم آلان',
  'نـــان',
  'شَکَر',
  'مێو\u200cژ',
  'برنج ١٫٥ کگم ۲۵۰',
  '  Coca-COLA\t 1.5L  ',
  'a\u00a0b\u202fc',
  'پەنیر چای ژەم ئاو',
  ...[...SEARCH_FOLD_FROM].map((c) => `x${c}y`),
];

// Every service installs the same SEARCH_NORM_FUNCTION (@dukan/platform) in its own schema; catalog's stands for all.
it('search_norm() folds exactly as normalizeSearchText()', async () => {
  const [{ got }] = await t
    .dataSource()
    .query(`SELECT array_agg(search_norm(s) ORDER BY i) AS got FROM unnest($1::text[]) WITH ORDINALITY AS u(s, i)`, [SAMPLES]);
  expect(got).toEqual(SAMPLES.map(normalizeSearchText));
});
