// One folding of Arabic-script and Latin text for search, shared by the till's index and every server search.
// Kurdish (Sorani) is typed on Sorani keyboards and on Arabic ones: what either types must find what the other
// typed. The SQL function search_norm() in each service's schema is built from the same two strings
// (SEARCH_FOLD_FROM / SEARCH_FOLD_TO, in the shape of PostgreSQL's translate()), so the indexed column and the
// query fold alike; a database test checks that they agree.

const YEH = '\u06CC'; // ی Farsi/Kurdish yeh
const HEH = '\u0647'; // ه
const WAW = '\u0648'; // و
const ALEF = '\u0627'; // ا

/** Letter for letter: the form on the left is searched as the one on the right. */
const LETTER_FOLDS: readonly (readonly [string, string])[] = [
  ['\u0643', '\u06A9'], // ك Arabic kaf → ک keheh
  ['\u064A', YEH], // ي Arabic yeh
  ['\u0649', YEH], // ى alef maksura
  ['\u06CE', YEH], // ێ yeh with small v (Sorani ê)
  ['\u06D0', YEH], // ې
  ['\u06CD', YEH], // ۍ
  ['\u06D5', HEH], // ە Sorani ae (an Arabic keyboard types ه)
  ['\u06BE', HEH], // ھ heh doachashmee (Sorani h)
  ['\u06C1', HEH], // ہ heh goal
  ['\u0629', HEH], // ة teh marbuta
  ['\u06C0', HEH], // ۀ heh with yeh above
  ['\u06C6', WAW], // ۆ Sorani o
  ['\u06C7', WAW], // ۇ
  ['\u06C9', WAW], // ۉ
  ['\u06CA', WAW], // ۊ
  ['\u0624', WAW], // ؤ (Arabic keyboards type it for ۆ)
  ['\u06B5', '\u0644'], // ڵ → ل
  ['\u0695', '\u0631'], // ڕ → ر
  ['\u06A4', '\u0641'], // ڤ → ف
  ['\u0623', ALEF], // أ
  ['\u0625', ALEF], // إ
  ['\u0622', ALEF], // آ
  ['\u0671', ALEF], // ٱ
  ['\u00A0', ' '], // no-break space
  ['\u202F', ' '], // narrow no-break space
  ['\u066B', '.'], // ٫ Arabic decimal separator
  ['\u060C', '.'], // ، Arabic comma (typed as the decimal comma)
  ['\u066C', ','], // ٬ Arabic thousands separator
  ...[...'٠١٢٣٤٥٦٧٨٩'].map((d, i) => [d, String(i)] as const), // Arabic-Indic digits
  ...[...'۰۱۲۳۴۵۶۷۸۹'].map((d, i) => [d, String(i)] as const), // Persian digits (Kurdish keyboards)
];

/** Dropped: tatweel, harakat and other marks, superscript alef, zero-width characters, soft hyphen. */
const DROPPED: string = [
  '\u0640',
  ...Array.from({ length: 0x065f - 0x064b + 1 }, (_, i) => String.fromCharCode(0x064b + i)),
  '\u0670',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u200E',
  '\u200F',
  '\uFEFF',
  '\u00AD',
].join('');

/** Characters folded, in PostgreSQL translate() order: first the mapped ones, then those dropped. */
export const SEARCH_FOLD_FROM: string = LETTER_FOLDS.map(([from]) => from).join('') + DROPPED;
/** What each of SEARCH_FOLD_FROM's first characters becomes; the rest of SEARCH_FOLD_FROM is dropped. */
export const SEARCH_FOLD_TO: string = LETTER_FOLDS.map(([, to]) => to).join('');

/**
 * What each folded character becomes, by its UTF-16 code (every one is a single code unit): a lookup per character
 * instead of a regular expression with a replacer, which cost the till about 0.4 s to index 50,000 Kurdish names
 * on a slow PC.
 */
const FOLD_BY_CODE = new Map<number, string>(
  [...LETTER_FOLDS, ...[...DROPPED].map((c) => [c, ''] as const)].map(([c, to]) => [c.charCodeAt(0), to]),
);
/** The lowest folded code: everything below it (ASCII and most of Latin-1) is kept as it is. */
const FIRST_FOLDED = Math.min(...FOLD_BY_CODE.keys());

/**
 * Lower case and letters folded, spaces left as they are: what an index keeps of a name, where each word of a
 * query is looked for on its own. Most names need no folding (Latin text, or only plain letters).
 */
export function foldSearchText(text: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < FIRST_FOLDED) continue;
    const to = FOLD_BY_CODE.get(code);
    if (to === undefined) continue;
    out += text.slice(from, i) + to;
    from = i + 1;
  }
  return (from === 0 ? text : out + text.slice(from)).toLowerCase();
}

/**
 * What people type, in one form: lower case, Western digits, Arabic-keyboard and marked Kurdish letters as their
 * plain forms (ك→ک, ي/ى/ێ→ی, ە/ھ/ة→ه, ۆ→و, ڵ→ل, ڕ→ر, ڤ→ف), no tatweel, diacritics or zero-width joiners,
 * single spaces, trimmed. The SQL function search_norm() gives the same result.
 */
export function normalizeSearchText(text: string): string {
  return foldSearchText(text).replace(/\s+/g, ' ').trim();
}
