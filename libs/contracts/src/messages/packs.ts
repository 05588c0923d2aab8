// Packs and weighed goods: refusals of a product's packs and scale code, of a scale label at the till, and of the
// shop's scale-label rule, in English and Kurdish; merged by messages.ts.

export const packsEn = {
  'products.packBarcodeTaken': 'This barcode already belongs to a product or another pack',
  'products.packBarcodeRepeated': 'Two packs of this product have the same barcode',
  'products.packUnitsInvalid': 'A pack holds at least 2 units',
  'products.scaleCodeTaken': 'This scale code already belongs to another product',
  'products.packsNotWeighed': 'A product sold by weight has no packs',
  'sales.scaleLabelUnknown': 'No product has the scale code {code} of this label',
  'sales.scaleLabelCheckDigit': 'This scale label was misread (its check digit is wrong). Scan it again.',
  'sales.scaleLabelInvalid': 'This is not a scale label of this shop',
  'sales.scaleLabelNotWeighed': 'The product of this weight label is not sold by weight',
  'sales.packUnknown': 'This pack is not one of the product\u2019s packs',
  'sales.weighedQuantity': 'A weighed item needs its weight, from 0.001 kg to 1,000 kg',
  'sales.unitQuantity': 'Quantity must be a whole number from 1 to 10,000',
  'settings.scalePrefixInvalid': 'The prefix is one to three digits, or a range such as 20-29',
  'settings.scaleLayoutInvalid': 'Prefix, item code and check digits must leave 4 or 5 digits for the weight or price',
};

export const packsKu: Record<keyof typeof packsEn, string> = {
  'products.packBarcodeTaken': 'ئەم بارکۆدە پێشتر هی کاڵایەک یان پاکەتێکی ترە',
  'products.packBarcodeRepeated': 'دوو پاکەتی ئەم کاڵایە هەمان بارکۆدیان هەیە',
  'products.packUnitsInvalid': 'پاکەتێک لانیکەم ٢ دانە دەگرێت',
  'products.scaleCodeTaken': 'ئەم کۆدی تەرازووە پێشتر هی کاڵایەکی ترە',
  'products.packsNotWeighed': 'کاڵایەک کە بە کێش دەفرۆشرێت پاکەتی نییە',
  'sales.scaleLabelUnknown': 'هیچ کاڵایەک کۆدی تەرازووی {code}ی ئەم لیبڵەی نییە',
  'sales.scaleLabelCheckDigit': 'ئەم لیبڵی تەرازووە بە هەڵە خوێنرایەوە (ژمارەی پشکنینی هەڵەیە). دووبارە سکانی بکەرەوە.',
  'sales.scaleLabelInvalid': 'ئەمە لیبڵی تەرازووی ئەم دوکانە نییە',
  'sales.scaleLabelNotWeighed': 'کاڵای ئەم لیبڵی کێشە بە کێش نافرۆشرێت',
  'sales.packUnknown': 'ئەم پاکەتە یەکێک نییە لە پاکەتەکانی ئەم کاڵایە',
  'sales.weighedQuantity': 'کاڵای کێشراو کێشەکەی پێویستە، لە ٠٫٠٠١ کگم تا ١٠٠٠ کگم',
  'sales.unitQuantity': 'بڕ دەبێت ژمارەیەکی تەواو بێت لە ١ تا ١٠٬٠٠٠',
  'settings.scalePrefixInvalid': 'پێشگر یەک تا سێ ژمارەیە، یان ڕیزێکی وەک 20-29',
  'settings.scaleLayoutInvalid': 'پێشگر و کۆدی کاڵا و ژمارەکانی پشکنین دەبێت ٤ یان ٥ ژمارە بۆ کێش یان نرخ بهێڵنەوە',
};
