import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX_LENGTH, PHONE_MAX_LENGTH, RECURRING_FREQUENCIES, type RecurringFrequency } from '@dukan/contracts';
import { withTag, type FieldName } from '../lib/expense-form.js';
import { Field, inputProps } from './form-field.js';
import type { SectionProps } from './form-sections.js';

export function VendorSection({ values: v, errors, disabled, set }: SectionProps) {
  const { t } = useTranslation();
  const p = (name: FieldName) => inputProps(name, errors[name], disabled);
  return (
    <section className="panel ef-section" aria-labelledby="expense-vendor">
      <h2 id="expense-vendor">{t('expenses.form.vendorSection')}</h2>
      <div className="ef-grid">
        <Field name="vendorName" label={t('expenses.form.vendorName')} optional error={errors.vendorName}>
          <input
            type="text"
            maxLength={200}
            value={v.vendorName}
            onChange={(e) => set('vendorName', e.target.value)}
            {...p('vendorName')}
          />
        </Field>
        <Field name="vendorPhone" label={t('expenses.form.vendorPhone')} optional error={errors.vendorPhone}>
          <input
            type="tel"
            dir="ltr"
            maxLength={PHONE_MAX_LENGTH}
            value={v.vendorPhone}
            onChange={(e) => set('vendorPhone', e.target.value)}
            {...p('vendorPhone')}
          />
        </Field>
        <Field name="vendorEmail" label={t('expenses.form.vendorEmail')} optional error={errors.vendorEmail}>
          <input
            type="email"
            dir="ltr"
            maxLength={EMAIL_MAX_LENGTH}
            value={v.vendorEmail}
            onChange={(e) => set('vendorEmail', e.target.value)}
            {...p('vendorEmail')}
          />
        </Field>
        <Field name="vendorAddress" label={t('expenses.form.vendorAddress')} optional error={errors.vendorAddress}>
          <input
            type="text"
            maxLength={500}
            value={v.vendorAddress}
            onChange={(e) => set('vendorAddress', e.target.value)}
            {...p('vendorAddress')}
          />
        </Field>
      </div>
    </section>
  );
}

/** Receipt, tags (Add or Enter; each once) and the recurring block, whose fields show only when it is ticked. */
export function AdditionalSection({ values: v, errors, disabled, set }: SectionProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const p = (name: FieldName) => inputProps(name, errors[name], disabled);
  const addTag = () => {
    set('tags', withTag(v.tags, typed));
    setTyped('');
  };
  return (
    <section className="panel ef-section" aria-labelledby="expense-additional">
      <h2 id="expense-additional">{t('expenses.form.additional')}</h2>
      <Field name="receipt" label={t('expenses.form.receipt')} optional error={errors.receipt}>
        <input
          type="url"
          dir="ltr"
          maxLength={2000}
          placeholder="https://"
          value={v.receipt}
          onChange={(e) => set('receipt', e.target.value)}
          {...p('receipt')}
        />
      </Field>
      <Field name="tags" label={t('expenses.form.tags')} optional error={errors.tags}>
        <div className="input-with-button">
          <input
            type="text"
            maxLength={50}
            value={typed}
            placeholder={t('expenses.form.tagPlaceholder')}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addTag();
              }
            }}
            {...p('tags')}
          />
          <button type="button" className="button small" onClick={addTag} disabled={disabled || !typed.trim()} data-testid="add-tag">
            {t('expenses.form.addTag')}
          </button>
        </div>
      </Field>
      {v.tags.length > 0 && (
        <ul className="expense-tags" data-testid="form-tags">
          {v.tags.map((tag) => (
            <li key={tag} className="badge expense-tag">
              {tag}
              <button
                type="button"
                className="icon-button"
                aria-label={t('expenses.form.removeTag', { tag })}
                onClick={() =>
                  set(
                    'tags',
                    v.tags.filter((x) => x !== tag),
                  )
                }
                disabled={disabled}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={v.isRecurring}
          onChange={(e) => set('isRecurring', e.target.checked)}
          disabled={disabled}
          data-testid="expense-isRecurring"
        />
        {t('expenses.form.recurring')}
      </label>
      {errors.isRecurring && (
        <p className="field-error" data-testid="error-isRecurring">
          {errors.isRecurring}
        </p>
      )}
      {v.isRecurring && (
        <div className="ef-grid expense-recurring" data-testid="recurring-block">
          <Field name="frequency" label={t('expenses.form.frequency')} error={errors.frequency}>
            <select
              value={v.frequency}
              onChange={(e) => set('frequency', e.target.value as RecurringFrequency)}
              aria-required
              {...p('frequency')}
            >
              {RECURRING_FREQUENCIES.map((fr) => (
                <option key={fr} value={fr}>
                  {t(`expenses.frequencies.${fr}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field
            name="nextDueDate"
            label={t('expenses.form.nextDueDate')}
            optional
            hint={t('expenses.form.nextDueHint')}
            error={errors.nextDueDate}
          >
            <input
              type="date"
              min={v.expenseDate || undefined}
              value={v.nextDueDate}
              onChange={(e) => set('nextDueDate', e.target.value)}
              {...p('nextDueDate')}
            />
          </Field>
          <Field name="endDate" label={t('expenses.form.endDate')} optional error={errors.endDate}>
            <input
              type="date"
              min={v.nextDueDate || v.expenseDate || undefined}
              value={v.endDate}
              onChange={(e) => set('endDate', e.target.value)}
              {...p('endDate')}
            />
          </Field>
        </div>
      )}
    </section>
  );
}
