import { DomainError } from '@dukan/platform';

export function skuBarcodeMismatch(barcode: string): DomainError {
  return new DomainError(
    'DUPLICATE_SKU',
    'products.skuBarcodeMismatch',
    { barcode },
    {
      barcode: { key: 'products.skuBarcodeMismatch', params: { barcode } },
    },
  );
}

export function duplicateBarcode(): DomainError {
  return new DomainError('DUPLICATE_BARCODE', 'products.duplicateBarcode', {}, { barcode: { key: 'products.duplicateBarcode' } });
}
