import type { Texts } from '../../i18n/types.js';

/** English texts of this feature, under the `customers` key of the catalogue. */
export const en = {
  title: 'Customers',
};

/** Kurdish (Sorani) texts: the same keys (the type checks it). */
export const ku: Texts<typeof en> = {
  title: 'کڕیاران',
};
