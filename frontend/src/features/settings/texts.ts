import type { Texts } from '../../i18n/types.js';

/** English texts of this feature, under the `settings` key of the catalogue. */
export const en = {
  title: 'Settings',
};

/** Kurdish (Sorani) texts: the same keys (the type checks it). */
export const ku: Texts<typeof en> = {
  title: 'ڕێکخستنەکان',
};
