import type { Texts } from '../../../i18n/types.js';

/** The till's texts for selling while the server cannot be reached, under `pos.offline`. */
export const en = {
  banner:
    'Offline: the server cannot be reached. The till keeps selling; sales are kept here and sent when it is back. Customers cannot be looked up and points cannot be redeemed.',
  queued: 'Sales waiting to be sent: {{n}}',
  othersWaiting: '{{n}} of them are sent when the cashier who made them signs in on this till.',
  refusedTitle: 'Sales the server refused: {{n}}',
  resolve: 'Resolved',
  askManager: 'A manager must look at them.',
  saleKept: 'Sale kept on this till; it will be sent when the server is back.',
  receiptNote: 'Made offline: sent to the server when it is back.',
  noRedemption: 'Points cannot be redeemed offline. Remove the redemption to complete the sale.',
  noNumbers: 'This till has no reserved invoice numbers left for offline sales.',
  unnumberedNoAnswer:
    'The server did not answer, and this sale had no reserved invoice number to keep it under. Confirm again when the connection is back: it will not be recorded twice.',
  registerShared:
    'Another device also sells as register “{{register}}”, so their invoice numbers interleave. Give each till a register of its own (Settings, Branches and registers) and choose it at the top of this screen.',
};

export const ku: Texts<typeof en> = {
  banner:
    'دەرهێڵ: ناتوانرێت بگەیەنرێت بە ڕاژەکار. خاڵی فرۆشتن بەردەوام دەفرۆشێت؛ فرۆشتنەکان لێرە هەڵدەگیرێن و کاتێک گەڕایەوە دەنێردرێن. ناتوانرێت بەدوای کڕیاردا بگەڕێیت و خاڵ بەکاربهێنرێت.',
  queued: 'فرۆشتنی چاوەڕێی ناردن: {{n}}',
  othersWaiting: '{{n}} دانەیان کاتێک دەنێردرێن کە ئەو کاشێرەی کردوونی لەم خاڵی فرۆشتنە دەچێتە ژوورەوە.',
  refusedTitle: 'فرۆشتنی ڕەتکراوە لەلایەن ڕاژەکارەوە: {{n}}',
  resolve: 'چارەسەر کرا',
  askManager: 'بەڕێوەبەرێک دەبێت سەیریان بکات.',
  saleKept: 'فرۆشتنەکە لەسەر ئەم خاڵی فرۆشتنە هەڵگیرا؛ کاتێک ڕاژەکار گەڕایەوە دەنێردرێت.',
  receiptNote: 'بە دەرهێڵی کراوە: کاتێک ڕاژەکار گەڕایەوە دەنێردرێت.',
  noRedemption: 'لە دەرهێڵدا خاڵ بەکارناهێنرێت. بەکارهێنانی خاڵ لاببە بۆ تەواوکردنی فرۆشتنەکە.',
  noNumbers: 'ئەم خاڵی فرۆشتنە هیچ ژمارەی پسوولەی تەرخانکراوی بۆ فرۆشتنی دەرهێڵ نەماوە.',
  unnumberedNoAnswer:
    'ڕاژەکار وەڵامی نەدایەوە و ئەم فرۆشتنە ژمارەی پسوولەی تەرخانکراوی نەبوو تا لەژێریدا هەڵبگیرێت. کاتێک پەیوەندی گەڕایەوە دووبارە پشتڕاستی بکەرەوە: دوو جار تۆمار ناکرێت.',
  registerShared:
    'ئامێرێکی تریش وەک قاسەی «{{register}}» دەفرۆشێت، بۆیە ژمارەی پسوولەکانیان تێکەڵ دەبن. هەر خاڵێکی فرۆشتن قاسەیەکی تایبەت بە خۆی پێبدە (ڕێکخستنەکان، لق و قاسەکان) و لە سەرەوەی ئەم شاشەیە هەڵیبژێرە.',
};
