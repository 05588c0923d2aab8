import type { Texts } from '../../i18n/types.js';

/** English texts of this feature, under the `staff` key of the catalogue. */
export const en = {
  title: 'Staff',
};

/** Kurdish (Sorani) texts: the same keys (the type checks it). */
export const ku: Texts<typeof en> = {
  title: 'ستاف',
};
