import type { Texts } from '../../../i18n/types.js';

/** The till's texts for the shop's receipt details and its printer, under `pos.printing`. */
export const en = {
  phone: 'Tel.',
  taxNumber: 'Tax no.',
  printToPrinter: 'Print on receipt printer',
  printing: 'Printing…',
  printed: 'Printed on the receipt printer.',
  printFailed: 'The receipt printer did not print. The sale is saved: print again, or use the browser’s print.',
  shellPrinterFailed:
    'The printer {{printer}} on this computer did not print. Check that it is on, has paper and is connected, then print again. The sale is saved.',
  documentFailed:
    'The receipt printer did not print. Check that it is on, has paper and is connected, then print again, or use the browser’s print.',
  shellDocumentFailed:
    'The printer {{printer}} on this computer did not print. Check that it is on, has paper and is connected, then print again.',
};

export const ku: Texts<typeof en> = {
  phone: 'تەل.',
  taxNumber: 'ژمارەی باج',
  printToPrinter: 'چاپکردن لەسەر چاپکەری پسوولە',
  printing: 'چاپ دەکرێت…',
  printed: 'لەسەر چاپکەری پسوولە چاپ کرا.',
  printFailed: 'چاپکەری پسوولە چاپی نەکرد. فرۆشتنەکە پاشەکەوت کراوە: دووبارە چاپ بکە، یان چاپی وێبگەڕ بەکاربهێنە.',
  shellPrinterFailed:
    'چاپکەری {{printer}} لەسەر ئەم کۆمپیوتەرە چاپی نەکرد. دڵنیابە کە کارایە، کاغەزی تێدایە و پەیوەستە، پاشان دووبارە چاپ بکە. فرۆشتنەکە پاشەکەوت کراوە.',
  documentFailed:
    'چاپکەری پسوولە چاپی نەکرد. دڵنیابە کە کارایە، کاغەزی تێدایە و پەیوەستە، پاشان دووبارە چاپ بکە، یان چاپی وێبگەڕ بەکاربهێنە.',
  shellDocumentFailed:
    'چاپکەری {{printer}} لەسەر ئەم کۆمپیوتەرە چاپی نەکرد. دڵنیابە کە کارایە، کاغەزی تێدایە و پەیوەستە، پاشان دووبارە چاپ بکە.',
};
