// Texts of the receipt and payment settings, the shop's printers and label sheets; merged by messages.ts.

export const printingEn = {
  'receipts.saved': 'Receipt settings saved',
  'payments.saved': 'Payment settings saved',
  'receipts.logoType': 'The logo must be a PNG, JPEG or SVG image',
  'receipts.logoTooLarge': 'The logo is too large (at most {max} KB)',
  'receipts.logoUnreadable': 'The logo could not be read as an image',
  'receipts.printerRegister': 'There is no such register in this branch',
  'receipts.printerHost': 'Enter the printer’s network address (for example 192.168.1.50)',
  'payments.noTender': 'The till must offer at least one way to pay',
  'print.noPrinter': 'No printer is set for this register. An administrator sets one in Receipt settings.',
  'print.printerUnreachable':
    'The printer at {printer} did not answer. Check that it is on, has paper and is connected, then print again. The sale is saved.',
  'print.renderFailed': 'The receipt could not be prepared for the printer. Print it from the browser instead.',
  'print.sent': 'Sent to the printer',
  'labels.tooManyPages': 'Too many labels for one PDF (at most {max})',
  'entities.logo': 'Logo',
  'entities.labelSheet': 'Label PDF',
} as const satisfies Record<string, string>;

export const printingKu: Record<keyof typeof printingEn, string> = {
  'receipts.saved': 'ڕێکخستنەکانی پسوڵە پاشەکەوت کران',
  'payments.saved': 'ڕێکخستنەکانی پارەدان پاشەکەوت کران',
  'receipts.logoType': 'لۆگۆ دەبێت وێنەی PNG، JPEG یان SVG بێت',
  'receipts.logoTooLarge': 'لۆگۆکە زۆر گەورەیە (زۆرترین {max} KB)',
  'receipts.logoUnreadable': 'لۆگۆکە وەک وێنە نەخوێندرایەوە',
  'receipts.printerRegister': 'ئەم لقە کاشێرێکی وای نییە',
  'receipts.printerHost': 'ناونیشانی تۆڕی چاپکەرەکە بنووسە (بۆ نموونە 192.168.1.50)',
  'payments.noTender': 'دەبێت کاشێر لانیکەم یەک ڕێگەی پارەدان پێشکەش بکات',
  'print.noPrinter': 'هیچ چاپکەرێک بۆ ئەم کاشێرە دانەنراوە. بەڕێوەبەری سیستەم لە ڕێکخستنەکانی پسوڵەدا دایدەنێت.',
  'print.printerUnreachable':
    'چاپکەری {printer} وەڵامی نەدایەوە. دڵنیابە کە کارایە، کاغەزی تێدایە و پەیوەستە، پاشان دووبارە چاپ بکە. فرۆشتنەکە پاشەکەوت کراوە.',
  'print.renderFailed': 'پسوڵەکە بۆ چاپکەر ئامادە نەکرا. لە وێبگەڕەکەوە چاپی بکە.',
  'print.sent': 'نێردرا بۆ چاپکەر',
  'labels.tooManyPages': 'ژمارەی لیبڵەکان بۆ یەک PDF زۆرە (زۆرترین {max})',
  'entities.logo': 'لۆگۆ',
  'entities.labelSheet': 'PDFی لیبڵ',
};
