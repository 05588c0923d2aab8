import type { Texts } from '../../i18n/types.js';
import * as common from './texts/common.js';
import * as details from './texts/details.js';
import * as form from './texts/form.js';
import * as list from './texts/list.js';

/** Texts of this feature, under the `expenses` key of the catalogue (spec part 2 §2, §8), one file a screen in ./texts. */
export const en = { ...list.en, ...common.en, ...details.en, ...form.en };

export const ku: Texts<typeof en> = { ...list.ku, ...common.ku, ...details.ku, ...form.ku };
