import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaleDto } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { Modal } from '../../../components/ui/modal.js';
import { DialogActions } from '../../../components/ui/dialog-actions.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useFormat } from '../../../i18n/format.js';
import { dollarsToCents } from '../../../lib/money.js';
import { useTransactionsVoidMutation } from '../api/transactions-api.js';
import { ltr } from '../lib/sale-text.js';

/** The spec's admin delete: DELETE /api/transactions/:id voids the sale (stock and points come back), the record stays. */
export function VoidDialog({ sale, onClose }: { sale: SaleDto; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const toast = useToast();
  const [voidSale, { isLoading }] = useTransactionsVoidMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const sending = useRef(false);

  async function confirm() {
    if (sending.current) return;
    sending.current = true;
    setError(null);
    try {
      await voidSale({ id: sale._id, reason: reason.trim() || undefined }).unwrap();
      toast.success(t('transactions.void.done', { invoice: ltr(sale.invoiceNumber) }));
      onClose();
    } catch (err) {
      setError(errorText(err, t('transactions.void.failed')));
    } finally {
      sending.current = false;
    }
  }

  return (
    <Modal
      title={t('transactions.void.title')}
      onClose={() => !isLoading && onClose()}
      className="void-dialog"
      testId="void-dialog"
      footer={
        <DialogActions
          onCancel={onClose}
          onConfirm={() => void confirm()}
          confirmLabel={t('transactions.void.confirm')}
          busy={isLoading}
          busyLabel={t('transactions.void.voiding')}
          danger
          confirmTestId="void-confirm"
        />
      }
    >
      <p>{t('transactions.void.message', { invoice: ltr(sale.invoiceNumber), total: f.usd(dollarsToCents(sale.total)) })}</p>
      <label className="field">
        <span>{t('transactions.void.reason')}</span>
        <textarea value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} dir="auto" data-testid="void-reason" />
      </label>
      {error && (
        <p className="form-error" role="alert" data-testid="void-error">
          {error}
        </p>
      )}
    </Modal>
  );
}
