import type { Texts } from '../../i18n/types.js';

/** English texts of this feature, under the `transactions` key of the catalogue. */
export const en = {
  title: 'Transactions',
};

/** Kurdish (Sorani) texts: the same keys (the type checks it). */
export const ku: Texts<typeof en> = {
  title: 'مامەڵەکان',
};
