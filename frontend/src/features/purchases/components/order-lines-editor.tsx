import { useTranslation } from 'react-i18next';
import type { Currency, ProductDto } from '@dukan/contracts';
import { sanitizeAmountInput, toWesternDigits } from '../../../lib/money.js';
import { nameIn } from '../lib/money.js';
import { ProductScanBox } from './product-scan-box.js';

export interface EditLine {
  productId: string;
  sku: string;
  name: { en: string; ku: string };
  quantity: string;
  cost: string;
  /** On a receipt against an order: how many are still expected. */
  remaining?: number;
}

interface Props {
  lines: EditLine[];
  onChange: (lines: EditLine[]) => void;
  currency: Currency;
  scanLabel: string;
  /** A scanned product not among the lines: added (an order, a receipt without one) or refused (a receipt against an order). */
  onUnknown?: (product: ProductDto) => void;
  costFor?: (product: ProductDto) => string;
}

/** Lines of products with a quantity and a unit cost each; a scan adds one of the product or a new line. */
export function OrderLinesEditor({ lines, onChange, currency, scanLabel, onUnknown, costFor }: Props) {
  const { t, i18n } = useTranslation();
  /** One of the product scanned, or a pack's units. */
  const add = (p: ProductDto, units = 1) => {
    const at = lines.findIndex((l) => l.productId === p._id);
    if (at >= 0) {
      const next = [...lines];
      next[at] = { ...next[at]!, quantity: String((Number(toWesternDigits(next[at]!.quantity)) || 0) + units) };
      onChange(next);
    } else if (onUnknown) onUnknown(p);
    else onChange([...lines, { productId: p._id, sku: p.sku, name: p.name, quantity: String(units), cost: costFor?.(p) ?? '' }]);
  };
  const update = (i: number, patch: Partial<EditLine>) => onChange(lines.map((l, n) => (n === i ? { ...l, ...patch } : l)));
  return (
    <div className="order-lines">
      <ProductScanBox label={scanLabel} onProduct={add} />
      {lines.length > 0 && (
        <table className="table compact" data-testid="order-lines">
          <thead>
            <tr>
              <th>{t('purchases.orders.product')}</th>
              {lines.some((l) => l.remaining !== undefined) && <th className="num">{t('purchases.receive.remaining')}</th>}
              <th className="num">{t('purchases.receive.quantity')}</th>
              <th className="num">
                {t('purchases.orders.unitCost')} ({currency})
              </th>
              <th />
            </tr>
          </thead>
          <tbody>
            {lines.map((l, i) => (
              <tr key={l.productId} data-testid="order-line" data-sku={l.sku}>
                <td>
                  {nameIn(i18n.language, l.name)} <bdi className="muted">{l.sku}</bdi>
                </td>
                {l.remaining !== undefined && <td className="num">{l.remaining}</td>}
                <td className="num">
                  <input
                    inputMode="numeric"
                    value={l.quantity}
                    onChange={(e) => update(i, { quantity: toWesternDigits(e.target.value).replace(/\D/g, '') })}
                    aria-label={t('purchases.receive.quantity')}
                    data-testid="line-quantity"
                  />
                </td>
                <td className="num">
                  <input
                    inputMode="decimal"
                    value={l.cost}
                    onChange={(e) => update(i, { cost: sanitizeAmountInput(e.target.value) })}
                    aria-label={t('purchases.orders.unitCost')}
                    data-testid="line-cost"
                  />
                </td>
                <td>
                  <button type="button" className="button small" onClick={() => onChange(lines.filter((_, n) => n !== i))}>
                    {t('purchases.orders.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
