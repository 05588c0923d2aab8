import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isValidAmount,
  maxRepayment,
  REPAYMENT_METHODS,
  type Currency,
  type CurrencyAmounts,
  type RepaymentMethod,
} from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { Modal } from '../../../components/ui/modal.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useFormat } from '../../../i18n/format.js';
import { sanitizeAmountInput, typedAmountToMinor } from '../../../lib/money.js';
import { readRegister } from '../../../app/session.js';
import { rememberedShift } from '../../shifts/index.js';
import { customersApi, useCustomerAccountQuery, useCustomerRepayMutation } from '../api/customers-api.js';

interface RepaymentDialogProps {
  customerId: string;
  name: string;
  owed: CurrencyAmounts;
  /** IQD per USD now (what "all owed" is worked out at; the server converts at its own rate of the moment). */
  rate: number;
  /** At the till: the register whose drawer takes the cash, and its open shift. */
  register?: string | null;
  shiftId?: string | null;
  onClose: () => void;
}

/** Takes a repayment, partial or whole, in dollars or dinars, by cash, card or transfer; once per confirmation. */
export function RepaymentDialog({ customerId, name, owed, rate, register, shiftId, onClose }: RepaymentDialogProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const toast = useToast();
  const [method, setMethod] = useState<RepaymentMethod>('cash');
  const [currency, setCurrency] = useState<Currency>(owed.IQD > 0 && owed.USD === 0 ? 'IQD' : 'USD');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  // One key for this dialog's repayment: a retry after a lost answer is not taken twice.
  const key = useMemo(() => crypto.randomUUID(), []);
  const [repay, repaying] = useCustomerRepayMutation();
  const amountMinor = typed === '' ? 0 : typedAmountToMinor(typed, currency);
  const money = (minor: number, c: Currency) => (c === 'IQD' ? f.iqd(minor) : f.usd(minor));

  async function submit() {
    if (!isValidAmount(amountMinor, 'amount')) {
      setError(t('customers.account.invalidAmount'));
      return;
    }
    setError(null);
    try {
      const answer = await repay({
        id: customerId,
        key,
        body: { method, currency, amountMinor, ...(register ? { register } : {}), ...(shiftId ? { shiftId } : {}) },
      }).unwrap();
      toast.success(t('customers.account.repaid', { name, usd: f.usd(answer.balance.USD), iqd: f.iqd(answer.balance.IQD) }));
      onClose();
    } catch (err) {
      setError(errorText(err, t('customers.account.repayFailed')));
    }
  }

  return (
    <Modal
      title={t('customers.account.repayTitle', { name })}
      onClose={repaying.isLoading ? () => undefined : onClose}
      onEnter={() => void submit()}
      testId="repayment-dialog"
    >
      <p className="muted">
        {t('customers.account.balance')}: <strong dir="ltr">{money(owed.USD, 'USD')}</strong> ·{' '}
        <strong dir="ltr">{money(owed.IQD, 'IQD')}</strong>
      </p>
      <div className="row gap wrap">
        <label className="field">
          <span>{t('customers.account.method')}</span>
          <select value={method} onChange={(e) => setMethod(e.target.value as RepaymentMethod)} data-testid="repay-method">
            {REPAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`customers.account.methods.${m}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('customers.account.currency')}</span>
          <select value={currency} onChange={(e) => setCurrency(e.target.value as Currency)} data-testid="repay-currency">
            <option value="IQD">IQD</option>
            <option value="USD">USD</option>
          </select>
        </label>
        <label className="field">
          <span>{t('customers.account.amountIn', { currency })}</span>
          <span className="input-with-button">
            <input
              autoFocus
              inputMode="decimal"
              dir="ltr"
              value={typed}
              onChange={(e) => setTyped(sanitizeAmountInput(e.target.value))}
              data-testid="repay-amount"
            />
            <button
              type="button"
              className="button small"
              data-testid="repay-all"
              onClick={() => {
                const all = maxRepayment(owed, currency, rate);
                setTyped(currency === 'IQD' ? String(all) : (all / 100).toFixed(2));
              }}
            >
              {t('customers.account.payAll')}
            </button>
          </span>
        </label>
      </div>
      {error && (
        <div className="form-error" role="alert" data-testid="repay-error">
          {error}
        </div>
      )}
      <div className="row gap end modal-actions">
        <button type="button" className="button" onClick={onClose} disabled={repaying.isLoading}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="button primary"
          onClick={() => void submit()}
          disabled={repaying.isLoading}
          data-testid="confirm-repay"
        >
          {repaying.isLoading ? t('customers.account.repaying') : t('customers.account.confirmRepay')}
        </button>
      </div>
    </Modal>
  );
}

/** At the till: a repayment from the customer on the sale, into this register's drawer (its open shift counts the cash). */
export function TillRepayment({ customerId, name, onClose }: { customerId: string; name: string; onClose: () => void }) {
  const { data } = useCustomerAccountQuery({ id: customerId });
  const rate = customersApi.endpoints.customerAccountRate.useQuery().data ?? 0;
  if (!data) return null;
  const register = readRegister();
  return (
    <RepaymentDialog
      customerId={customerId}
      name={name}
      owed={data.balance}
      rate={rate}
      register={register}
      shiftId={rememberedShift(register)}
      onClose={onClose}
    />
  );
}
