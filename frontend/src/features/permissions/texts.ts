import type { Texts } from '../../i18n/types.js';

/** English texts of this feature, under the `userPermissions` key of the catalogue. */
export const en = {
  title: 'User permissions',
};

/** Kurdish (Sorani) texts: the same keys (the type checks it). */
export const ku: Texts<typeof en> = {
  title: 'دەسەڵاتەکانی بەکارهێنەر',
};
