import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductDto } from '@dukan/contracts';
import { toWesternDigits } from '../../../lib/money.js';
import { useLazyPurchaseProductSearchQuery } from '../api/purchases-api.js';
import { nameIn } from '../lib/money.js';

interface Props {
  /** The product found; `units` > 1 when the code was one of its packs' (a carton of 12 received is 12). */
  onProduct: (product: ProductDto, units?: number) => void;
  label: string;
  testId?: string;
}

/**
 * A field a barcode scanner types into (ending with Enter) or a person types a SKU or a name into: an exact barcode
 * or SKU is taken at once; otherwise the matches are offered to pick from.
 */
export function ProductScanBox({ onProduct, label, testId = 'scan-input' }: Props) {
  const { t, i18n } = useTranslation();
  const [code, setCode] = useState('');
  const [matches, setMatches] = useState<ProductDto[] | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [search, { isFetching }] = useLazyPurchaseProductSearchQuery();

  async function lookUp() {
    const term = toWesternDigits(code.trim());
    if (!term) return;
    setMissing(null);
    const found = (await search(term)
      .unwrap()
      .catch(() => [])) as ProductDto[];
    const exact = found.find((p) => p.barcode === term || p.sku.toLowerCase() === term.toLowerCase());
    const pack = exact ? undefined : found.flatMap((p) => (p.packs ?? []).map((k) => ({ p, k }))).find(({ k }) => k.barcode === term);
    if (pack) {
      onProduct(pack.p, pack.k.units);
      setCode('');
      setMatches(null);
    } else if (exact || found.length === 1) {
      onProduct(exact ?? found[0]!);
      setCode('');
      setMatches(null);
    } else if (found.length === 0) {
      setMissing(term);
      setMatches(null);
    } else setMatches(found);
  }

  return (
    <div className="scan-box">
      <label className="field">
        <span>{label}</span>
        <input
          type="search"
          value={code}
          autoComplete="off"
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void lookUp();
            }
          }}
          aria-busy={isFetching}
          data-testid={testId}
        />
      </label>
      {missing && (
        <p className="form-error" role="alert">
          {t('purchases.receive.notFound', { code: missing })}
        </p>
      )}
      {matches && (
        <ul className="scan-matches">
          {matches.map((p) => (
            <li key={p._id}>
              <button
                type="button"
                className="button"
                onClick={() => {
                  onProduct(p);
                  setMatches(null);
                  setCode('');
                }}
              >
                {nameIn(i18n.language, p.name)} <bdi className="muted">{p.sku}</bdi>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
