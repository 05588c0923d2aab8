import { useTranslation } from 'react-i18next';
import {
  CURRENCIES,
  EXPENSE_CATEGORIES,
  EXPENSE_PAYMENT_METHODS,
  type Currency,
  type ExpenseCategory,
  type ExpensePaymentMethod,
} from '@dukan/contracts';
import { useFormat } from '../../../i18n/format.js';
import { useShopExchangeRateQuery } from '../api/expenses-api.js';
import { baseCentsOf, CARD_LAST_DIGITS_MAX, type ExpenseFormValues, type FieldErrors, type FieldName } from '../lib/expense-form.js';
import { Field, inputProps } from './form-field.js';

export interface SectionProps {
  values: ExpenseFormValues;
  errors: FieldErrors;
  disabled: boolean;
  set: <K extends FieldName>(field: K, value: ExpenseFormValues[K]) => void;
}

export function BasicSection({ values: v, errors, disabled, set }: SectionProps) {
  const { t } = useTranslation();
  const p = (name: FieldName) => inputProps(name, errors[name], disabled);
  return (
    <section className="panel ef-section" aria-labelledby="expense-basic">
      <h2 id="expense-basic">{t('expenses.form.basic')}</h2>
      <div className="ef-grid ef-two">
        <Field name="title" label={t('expenses.form.expenseTitle')} error={errors.title}>
          <input type="text" maxLength={200} value={v.title} onChange={(e) => set('title', e.target.value)} aria-required {...p('title')} />
        </Field>
        <Field name="category" label={t('expenses.form.category')} error={errors.category}>
          <select
            value={v.category}
            onChange={(e) => set('category', e.target.value as ExpenseCategory | '')}
            aria-required
            {...p('category')}
          >
            <option value="">{t('expenses.form.chooseCategory')}</option>
            {EXPENSE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`expenses.categories.${c}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field name="expenseDate" label={t('expenses.form.expenseDate')} error={errors.expenseDate}>
          <input
            type="date"
            value={v.expenseDate}
            onChange={(e) => set('expenseDate', e.target.value)}
            aria-required
            {...p('expenseDate')}
          />
        </Field>
        <Field name="department" label={t('expenses.form.department')} optional error={errors.department}>
          <input
            type="text"
            maxLength={100}
            value={v.department}
            onChange={(e) => set('department', e.target.value)}
            {...p('department')}
          />
        </Field>
      </div>
      <Field name="description" label={t('expenses.form.description')} optional error={errors.description}>
        <textarea
          rows={2}
          maxLength={2000}
          value={v.description}
          onChange={(e) => set('description', e.target.value)}
          {...p('description')}
        />
      </Field>
    </section>
  );
}

export function AmountSection({ values: v, errors, disabled, set }: SectionProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const shop = useShopExchangeRateQuery();
  const p = (name: FieldName) => inputProps(name, errors[name], disabled);
  const cents = baseCentsOf(v);
  const shopRate = shop.data?.exchangeRate;
  return (
    <section className="panel ef-section" aria-labelledby="expense-amount-section">
      <h2 id="expense-amount-section">{t('expenses.form.amountSection')}</h2>
      <div className="ef-grid">
        <Field name="amount" label={t('expenses.form.amount')} error={errors.amount}>
          <input
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            dir="ltr"
            value={v.amount}
            onChange={(e) => set('amount', e.target.value)}
            aria-required
            {...p('amount')}
          />
        </Field>
        <Field name="currency" label={t('expenses.form.currency')} error={errors.currency}>
          <select value={v.currency} onChange={(e) => set('currency', e.target.value as Currency)} {...p('currency')}>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </Field>
        <Field name="exchangeRate" label={t('expenses.form.exchangeRate')} error={errors.exchangeRate}>
          <input
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            dir="ltr"
            value={v.exchangeRate}
            onChange={(e) => set('exchangeRate', e.target.value)}
            {...p('exchangeRate')}
          />
          {shopRate !== undefined && String(shopRate) !== v.exchangeRate && (
            <button
              type="button"
              className="link-button small"
              onClick={() => set('exchangeRate', String(shopRate))}
              disabled={disabled}
              data-testid="use-shop-rate"
            >
              {t('expenses.form.useShopRate', { rate: f.number(shopRate) })}
            </button>
          )}
        </Field>
        <div className="field">
          <span>{t('expenses.form.baseAmount')}</span>
          <output className="expense-base-amount" data-testid="expense-base-amount">
            {cents === null ? '—' : f.usd(cents)}
          </output>
        </div>
      </div>
    </section>
  );
}

export function PaymentSection({ values: v, errors, disabled, set }: SectionProps) {
  const { t } = useTranslation();
  const p = (name: FieldName) => inputProps(name, errors[name], disabled);
  const text = (name: 'bankName' | 'accountNumber' | 'checkNumber' | 'reference', label: string, optional = false) => (
    <Field name={name} label={label} optional={optional} error={errors[name]}>
      <input type="text" maxLength={100} dir="auto" value={v[name]} onChange={(e) => set(name, e.target.value)} {...p(name)} />
    </Field>
  );
  return (
    <section className="panel ef-section" aria-labelledby="expense-payment">
      <h2 id="expense-payment">{t('expenses.form.payment')}</h2>
      <div className="ef-grid">
        <Field name="paymentMethod" label={t('expenses.form.paymentMethod')} error={errors.paymentMethod}>
          <select
            value={v.paymentMethod}
            onChange={(e) => set('paymentMethod', e.target.value as ExpensePaymentMethod)}
            aria-required
            {...p('paymentMethod')}
          >
            {EXPENSE_PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`expenses.methods.${m}`)}
              </option>
            ))}
          </select>
        </Field>
        {v.paymentMethod === 'card' && (
          <Field name="cardLast4" label={t('expenses.form.cardLast4')} error={errors.cardLast4}>
            <input
              type="text"
              inputMode="numeric"
              dir="ltr"
              maxLength={CARD_LAST_DIGITS_MAX}
              value={v.cardLast4}
              onChange={(e) => set('cardLast4', e.target.value)}
              {...p('cardLast4')}
            />
          </Field>
        )}
        {v.paymentMethod === 'transfer' && text('bankName', t('expenses.form.bankName'))}
        {v.paymentMethod === 'transfer' && text('accountNumber', t('expenses.form.accountNumber'))}
        {v.paymentMethod === 'check' && text('checkNumber', t('expenses.form.checkNumber'))}
        {text('reference', t('expenses.form.reference'), true)}
      </div>
    </section>
  );
}
