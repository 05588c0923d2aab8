// Catalog's texts for product import: why a file or a row is refused, in English and Kurdish.

export const catalogEn = {
  'entities.productImport': 'Import',
  'products.import.noFile': 'Choose a CSV or Excel (.xlsx) file to import',
  'products.import.unreadable': 'This file cannot be read: save it as CSV (UTF-8) or Excel (.xlsx) and try again',
  'products.import.noRows': 'The file has no product rows under its header row',
  'products.import.tooManyRows': 'A file may hold at most {max} product rows',
  'products.import.missingColumns': 'The file lacks these columns: {columns}',
  'products.import.unknownCategory': 'There is no category named "{name}"',
  'products.import.barcodeInFile': 'Row {row} of the file already has this barcode',
  'products.import.skuBarcodeInFile': 'Row {row} of the file has this SKU with another barcode ({barcode})',
  'products.import.rowFailed': 'This row could not be imported',
} as const satisfies Record<string, string>;

export const catalogKu: Record<keyof typeof catalogEn, string> = {
  'entities.productImport': 'هاوردەکردن',
  'products.import.noFile': 'پەڕگەیەکی CSV یان Excel (.xlsx) هەڵبژێرە بۆ هاوردەکردن',
  'products.import.unreadable': 'ئەم پەڕگەیە ناخوێندرێتەوە: وەک CSV (UTF-8) یان Excel (.xlsx) پاشەکەوتی بکە و دووبارە هەوڵ بدەرەوە',
  'products.import.noRows': 'پەڕگەکە لە ژێر ڕیزی سەردێڕەکانەوە هیچ ڕیزێکی کاڵای تێدا نییە',
  'products.import.tooManyRows': 'پەڕگەیەک دەتوانێت لانیزۆر {max} ڕیزی کاڵای تێدا بێت',
  'products.import.missingColumns': 'ئەم ستوونانە لە پەڕگەکەدا نین: {columns}',
  'products.import.unknownCategory': 'هیچ پۆلێک بە ناوی «{name}» نییە',
  'products.import.barcodeInFile': 'ڕیزی {row}ی پەڕگەکە هەمان ئەم بارکۆدەی هەیە',
  'products.import.skuBarcodeInFile': 'ڕیزی {row}ی پەڕگەکە ئەم SKU یەی بە بارکۆدێکی ترەوە ({barcode}) هەیە',
  'products.import.rowFailed': 'ئەم ڕیزە هاوردە نەکرا',
};
