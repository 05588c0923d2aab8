import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.js';
import { kgText } from '@dukan/contracts';
import { lineSubtotal, type CartLine, type SaleMoney, type Totals } from '../lib/totals.js';

/**
 * The sale's lines as the preview and the receipt both show them: name in the current language, quantity (as ×N, so
 * it never runs into the amount in a right-to-left receipt), amount in the sale's currency.
 */
export function SaleLinesTable({
  lines,
  money,
  sale,
  className,
}: {
  lines: readonly CartLine[];
  /** Formats minor units of the sale's currency. */
  money: (minor: number) => string;
  sale: SaleMoney;
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
          <tr key={l.key ?? l.productId}>
            <td>{(i18n.language === 'ku' && l.name.ku) || l.name.en}</td>
            <td className="num qty-cell">
              <bdi dir="ltr">{l.weighed ? `${kgText(l.quantity)} ${t('pos.kg')}` : `×${f.number(l.quantity)}`}</bdi>
            </td>
            <td className="num amount-cell">
              <bdi dir="ltr">{money(lineSubtotal(l, sale))}</bdi>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The shop's tax, when it has one: "incl. tax" for the part of the total it is, or "+ tax" for what is added to the
 * prices (after the discounts), so the total below it adds up.
 */
export function TaxRow({ totals, money, testId }: { totals: Totals; money: (minor: number) => string; testId?: string | undefined }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!totals.taxRate) return null;
  const rate = f.percent(totals.taxRate);
  const added = totals.taxMode === 'added';
  return (
    <div data-testid={testId}>
      <dt>{added ? t('pos.taxAdded', { rate }) : t('pos.taxIncluded', { rate })}</dt>
      <dd>
        <bdi dir="ltr">
          {added ? '+' : ''}
          {money(totals.taxMinor ?? 0)}
        </bdi>
      </dd>
    </div>
  );
}

/** Subtotal, discounts, tax and total; `children` adds rows after the total (the receipt's tender and change). */
export function SaleTotals({
  totals,
  money,
  className,
  totalTestId,
  taxTestId,
  children,
}: {
  totals: Totals;
  money: (minor: number) => string;
  className: string;
  totalTestId?: string | undefined;
  taxTestId?: string | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <dl className={className}>
      <div>
        <dt>{t('pos.subtotal')}</dt>
        <dd>{money(totals.subtotalMinor)}</dd>
      </div>
      {totals.discountMinor > 0 && (
        <div>
          <dt>{t('pos.discount')}</dt>
          <dd>−{money(totals.discountMinor)}</dd>
        </div>
      )}
      {totals.loyaltyMinor > 0 && (
        <div>
          <dt>{t('pos.loyaltyDiscount')}</dt>
          <dd>−{money(totals.loyaltyMinor)}</dd>
        </div>
      )}
      <TaxRow totals={totals} money={money} testId={taxTestId} />
      <div className="grand">
        <dt>{t('pos.total')}</dt>
        <dd data-testid={totalTestId}>{money(totals.totalMinor)}</dd>
      </div>
      {children}
    </dl>
  );
}
