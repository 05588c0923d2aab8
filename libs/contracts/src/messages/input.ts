// Texts of the checks every request's input passes before any handler (libs/platform's input guard, the import's
// bounds); merged by messages.ts.

export const inputEn = {
  'errors.tooDeep': 'The request is nested too deeply (at most {max} levels).',
  'validation.forbiddenCharacters': 'This value contains characters that are not allowed',
  'validation.invisibleOnly': 'This value cannot be made only of invisible characters',
  'validation.directionControls': 'This value cannot contain text-direction control characters',
  'products.import.tooWide': 'A file may have at most {max} columns',
  'products.import.tooBig':
    'This file holds far more than a product list can (it unpacks to more than {max} MB); save only the products and try again',
  'products.import.tooSlow': 'This file took too long to read; save it again with only the products and try again',
} as const satisfies Record<string, string>;

export const inputKu: Record<keyof typeof inputEn, string> = {
  'errors.tooDeep': 'داواکارییەکە زۆر قووڵ تێکهەڵکێشراوە (لانیزۆر {max} ئاست).',
  'validation.forbiddenCharacters': 'ئەم بەهایە نووسەی تێدایە کە ڕێگەپێدراو نین',
  'validation.invisibleOnly': 'ئەم بەهایە ناتوانێت تەنها لە نووسەی نەبینراو پێک بێت',
  'validation.directionControls': 'ئەم بەهایە ناتوانێت نووسەی کۆنترۆڵی ئاراستەی دەق لەخۆ بگرێت',
  'products.import.tooWide': 'پەڕگە دەبێت لانیزۆر {max} ستوونی هەبێت',
  'products.import.tooBig':
    'ئەم پەڕگەیە زۆر زیاترە لەوەی لیستی کاڵا هەیەتی (لە {max} مێگابایت زیاتر دەکرێتەوە)؛ تەنها کاڵاکان پاشەکەوت بکە و دووبارە هەوڵ بدەرەوە',
  'products.import.tooSlow': 'خوێندنەوەی ئەم پەڕگەیە زۆری خایاند؛ تەنها کاڵاکان پاشەکەوت بکە و دووبارە هەوڵ بدەرەوە',
};
