import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidAmount, MAX_DRAWER_MINOR, type Currency, type ShiftDto } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { DialogActions } from '../../../components/ui/dialog-actions.js';
import { Modal } from '../../../components/ui/modal.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { sanitizeAmountInput, typedMinor } from '../../../lib/money.js';
import { useMoveCashMutation } from '../api/shifts-api.js';

/** Cash put into or taken out of the drawer, with a reason; a cash-out may be an expense paid from the drawer. */
export function CashDialog({ shift, kind, onClose }: { shift: ShiftDto; kind: 'cash_in' | 'cash_out'; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [currency, setCurrency] = useState<Currency>('IQD');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [asExpense, setAsExpense] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [move, { isLoading }] = useMoveCashMutation();

  async function submit() {
    if (isLoading) return;
    const amountMinor = typedMinor(amount, currency);
    // The server's rule for a cash movement: an amount above zero, at most a drawer's worth.
    if (!isValidAmount(amountMinor, 'amount', { max: MAX_DRAWER_MINOR.IQD })) return setError(t('shifts.cash.amountRequired'));
    if (!reason.trim()) return setError(t('shifts.cash.reasonRequired'));
    setError(null);
    try {
      await move({
        id: shift._id,
        kind,
        currency,
        amountMinor,
        reason: reason.trim(),
        ...(kind === 'cash_out' ? { asExpense } : {}),
      }).unwrap();
      toast.success(t(kind === 'cash_in' ? 'shifts.cash.recordedIn' : 'shifts.cash.recordedOut'));
      onClose();
    } catch (err) {
      setError(errorText(err, t('common.requestFailed')));
    }
  }

  return (
    <Modal
      title={t(kind === 'cash_in' ? 'shifts.cash.titleIn' : 'shifts.cash.titleOut')}
      onClose={() => !isLoading && onClose()}
      testId="cash-dialog"
      footer={
        <DialogActions
          onCancel={onClose}
          onConfirm={() => void submit()}
          confirmLabel={t('shifts.cash.submit')}
          busy={isLoading}
          busyLabel={t('shifts.cash.saving')}
          confirmTestId="cash-confirm"
        />
      }
    >
      <div className="form-grid">
        <label className="field">
          <span>{t('shifts.cash.currency')}</span>
          <select value={currency} onChange={(e) => setCurrency(e.target.value as Currency)} data-testid="cash-currency">
            <option value="IQD">{t('shifts.currency.IQD')}</option>
            <option value="USD">{t('shifts.currency.USD')}</option>
          </select>
        </label>
        <label className="field">
          <span>{t('shifts.cash.amount')}</span>
          <input
            type="text"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(sanitizeAmountInput(e.target.value))}
            data-testid="cash-amount"
          />
        </label>
        <label className="field">
          <span>{t('shifts.cash.reason')}</span>
          <input type="text" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="cash-reason" />
        </label>
        {kind === 'cash_out' && (
          <label className="checkbox">
            <input type="checkbox" checked={asExpense} onChange={(e) => setAsExpense(e.target.checked)} data-testid="cash-as-expense" />
            <span>{t('shifts.cash.asExpense')}</span>
          </label>
        )}
      </div>
      {error && (
        <p className="form-error" role="alert" data-testid="cash-error">
          {error}
        </p>
      )}
    </Modal>
  );
}
