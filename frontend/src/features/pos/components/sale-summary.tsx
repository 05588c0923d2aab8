import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.js';
import { lineSubtotalCents, type CartLine, type Totals } from '../lib/totals.js';

/** The sale's lines as the preview and the receipt both show them: name in the current language, quantity, amount. */
export function SaleLinesTable({
  lines,
  money,
  className,
}: {
  lines: readonly CartLine[];
  money: (cents: number) => string;
  className: string;
}) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  return (
    <table className={className}>
      <thead>
        <tr>
          <th>{t('pos.receipt.item')}</th>
          <th className="num">{t('pos.receipt.qty')}</th>
          <th className="num">{t('pos.receipt.amount')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.productId}>
            <td>{(i18n.language === 'ku' && l.name.ku) || l.name.en}</td>
            <td className="num">{f.number(l.quantity)}</td>
            <td className="num">{money(lineSubtotalCents(l))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Subtotal, discounts and total; `children` adds rows after the total (the receipt's tender and change). */
export function SaleTotals({
  totals,
  money,
  className,
  totalTestId,
  children,
}: {
  totals: Totals;
  money: (cents: number) => string;
  className: string;
  totalTestId?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <dl className={className}>
      <div>
        <dt>{t('pos.subtotal')}</dt>
        <dd>{money(totals.subtotalCents)}</dd>
      </div>
      {totals.discountCents > 0 && (
        <div>
          <dt>{t('pos.discount')}</dt>
          <dd>−{money(totals.discountCents)}</dd>
        </div>
      )}
      {totals.loyaltyCents > 0 && (
        <div>
          <dt>{t('pos.loyaltyDiscount')}</dt>
          <dd>−{money(totals.loyaltyCents)}</dd>
        </div>
      )}
      <div className="grand">
        <dt>{t('pos.total')}</dt>
        <dd data-testid={totalTestId}>{money(totals.totalCents)}</dd>
      </div>
      {children}
    </dl>
  );
}
