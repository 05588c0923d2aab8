import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidAmount, type SupplierInvoiceDto, type SupplierPaymentSource } from '@dukan/contracts';
import { Modal } from '../../../components/ui/modal.js';
import { useFormat } from '../../../i18n/format.js';
import { sanitizeAmountInput, typedAmountToMinor } from '../../../lib/money.js';
import { useChain } from '../../transfers/index.js';
import { useBranchesQuery } from '../../settings/index.js';
import { usePayInvoiceMutation } from '../api/purchases-api.js';
import { failureText } from '../lib/failure.js';
import { money } from '../lib/money.js';

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

/** A payment of one supplier invoice, from the bank or a register's drawer (sent once: its key is kept). */
export function PayDialog({
  invoice,
  onClose,
  onPaid,
}: {
  invoice: SupplierInvoiceDto;
  onClose: () => void;
  onPaid: (amount: string) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const chain = useChain();
  const branches = useBranchesQuery();
  const registers = branches.data?.find((b) => b._id === chain.current)?.registers ?? [];
  const [pay, { isLoading }] = usePayInvoiceMutation();
  const [amount, setAmount] = useState('');
  const [source, setSource] = useState<SupplierPaymentSource>('bank');
  const [register, setRegister] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [key] = useState(newKey);
  const amountMinor = typedAmountToMinor(amount, invoice.currency);
  const valid = isValidAmount(amountMinor, 'amount') && (source === 'bank' || register);

  async function submit() {
    if (!valid) return;
    setError(null);
    try {
      await pay({ id: invoice._id, amountMinor, source, ...(source === 'drawer' && { register }), idempotencyKey: key }).unwrap();
      onPaid(money(f, amountMinor, invoice.currency));
    } catch (e) {
      setError(failureText(e, t('purchases.payables.error')));
    }
  }

  return (
    <Modal
      title={t('purchases.payables.payTitle', { number: invoice.number })}
      onClose={onClose}
      testId="pay-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('purchases.cancel')}
          </button>
          <button
            type="button"
            className="button primary"
            disabled={!valid || isLoading}
            onClick={() => void submit()}
            data-testid="confirm-pay"
          >
            {isLoading ? t('purchases.saving') : t('purchases.payables.pay')}
          </button>
        </>
      }
    >
      <p>
        {t('purchases.payables.due')}: <strong>{money(f, invoice.dueMinor, invoice.currency)}</strong>
      </p>
      <label className="field">
        <span>
          {t('purchases.payables.amount')} ({invoice.currency})
        </span>
        <input
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(sanitizeAmountInput(e.target.value))}
          data-testid="pay-amount"
          autoFocus
        />
      </label>
      <label className="field">
        <span>{t('purchases.payables.source')}</span>
        <select value={source} onChange={(e) => setSource(e.target.value as SupplierPaymentSource)} data-testid="pay-source">
          <option value="bank">{t('purchases.payables.sources.bank')}</option>
          <option value="drawer">{t('purchases.payables.sources.drawer')}</option>
        </select>
      </label>
      {source === 'drawer' && (
        <label className="field">
          <span>{t('purchases.payables.register')}</span>
          <select value={register} onChange={(e) => setRegister(e.target.value)} data-testid="pay-register">
            <option value="">—</option>
            {registers.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
      )}
      {error && (
        <p className="form-error" role="alert" data-testid="pay-error">
          {error}
        </p>
      )}
    </Modal>
  );
}
