import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { settleTender, toSaleMinor } from '@dukan/contracts';
import { Modal } from '../../../components/ui/modal.js';
import type { CartLine, Totals } from '../lib/totals.js';
import { SaleLinesTable, SaleTotals } from './sale-summary.js';
import { sanitizeAmountInput, typedAmountToMinor } from '../../../lib/money.js';
import type { CartCustomer } from '../lib/cart.js';
import type { DisplayCurrency } from '../hooks/use-money.js';
import { useFormat } from '../../../i18n/format.js';

interface PreviewProps {
  lines: readonly CartLine[];
  totals: Totals;
  customer: CartCustomer | null;
  currency: DisplayCurrency;
  rate: number;
  money: (cents: number) => string;
  saving: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (tenderedCents: number, tenderedIqd: number | null) => void;
}

/**
 * The pending sale: amount tendered in the display currency and the change. Confirm is enabled only when the
 * tender covers the total.
 */
export function ReceiptPreview({ lines, totals, customer, currency, rate, money, saving, error, onCancel, onConfirm }: PreviewProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const [tendered, setTendered] = useState('');
  const typedMinor = tendered === '' ? null : typedAmountToMinor(tendered, currency);
  // Shared pricing rules: in IQD a tender that covers the total as shown (whole dinars) covers it, and the change is
  // counted in whole dinars, as the cashier hands it out.
  const tender = typedMinor === null ? null : settleTender(totals.totalCents, typedMinor, currency, rate);
  const shownTotal = toSaleMinor(totals.totalCents, currency, rate);
  const covers = tender?.covers ?? false;
  const changeShown = !tender?.covers ? '—' : currency === 'IQD' ? f.iqd(tender.changeMinor ?? 0) : money(tender.changeCents ?? 0);
  const canConfirm = covers && !saving;

  const confirm = () => {
    if (canConfirm && tender && typedMinor !== null) onConfirm(tender.tenderedCents, currency === 'IQD' ? typedMinor : null);
  };

  return (
    <Modal title={t('pos.preview.title')} onClose={saving ? () => undefined : onCancel} testId="receipt-preview" className="preview">
      <div className="preview-customer muted">
        {t('pos.customer')}: <strong>{customer ? customer.name : t('pos.guestCustomer')}</strong>
      </div>
      <SaleLinesTable lines={lines} money={money} className="table compact" />
      <SaleTotals totals={totals} money={money} className="totals" totalTestId="preview-total" />
      <label className="field">
        <span>{t('pos.preview.tendered', { currency: currency === 'IQD' ? 'IQD' : 'USD' })}</span>
        <span className="input-with-button">
          <input
            autoFocus
            inputMode="decimal"
            dir="ltr"
            value={tendered}
            data-testid="tendered"
            onChange={(e) => setTendered(sanitizeAmountInput(e.target.value))}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                confirm();
              }
            }}
          />
          <button
            type="button"
            className="button small"
            onClick={() => setTendered(currency === 'IQD' ? String(shownTotal) : (totals.totalCents / 100).toFixed(2))}
            data-testid="exact-amount"
          >
            {t('pos.preview.exact')}
          </button>
        </span>
      </label>
      <div className="change-row">
        <span>{t('pos.preview.change')}</span>
        <strong data-testid="change">{changeShown}</strong>
      </div>
      {tendered !== '' && !covers && <p className="field-error">{t('pos.preview.short')}</p>}
      {error && (
        <div className="form-error" role="alert" data-testid="sale-error">
          {error}
        </div>
      )}
      <div className="row gap end modal-actions">
        <button type="button" className="button" onClick={onCancel} disabled={saving} data-testid="cancel-sale">
          {t('common.cancel')}
        </button>
        <button type="button" className="button primary" onClick={confirm} disabled={!canConfirm} data-testid="confirm-sale">
          {saving ? t('pos.preview.confirming') : t('pos.preview.confirm')}
        </button>
      </div>
    </Modal>
  );
}
