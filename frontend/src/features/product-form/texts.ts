import type { Texts } from '../../i18n/types.js';

/** English texts of this feature, under the `productForm` key of the catalogue. */
export const en = {
  title: 'Product form',
};

/** Kurdish (Sorani) texts: the same keys (the type checks it). */
export const ku: Texts<typeof en> = {
  title: 'فۆرمی بەرهەم',
};
