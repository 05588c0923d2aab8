import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CustomerDto, ExistingRecord } from '@dukan/contracts';
import { errorText, serverExisting } from '../../../app/api.js';
import { useAddCustomerMutation } from '../../../app/shared-api.js';
import { FormOutcome } from '../../../components/ui/form-outcome.js';
import { useServerForm } from '../../../components/ui/use-server-form.js';
import { useCustomersUpdateMutation } from '../api/customers-api.js';
import {
  customerCreateBody,
  customerFormFrom,
  customerUpdateBody,
  emptyCustomerForm,
  validateCustomer,
  type CustomerField,
  type CustomerFormValues,
} from '../lib/customer-form.js';

interface CustomerFormProps {
  /** The customer being edited; none for a new one. */
  editing: CustomerDto | null;
  onClose: () => void;
  onSaved?: (c: CustomerDto) => void;
}

const FORM_FIELDS: CustomerField[] = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'languagePreference',
  'street',
  'city',
  'state',
  'zipCode',
  'country',
];

/** The form's field for a server field path ('address.city' -> 'city'), if it shows one. */
function customerFieldOf(path: string): CustomerField | undefined {
  const field = path.replace(/^address\./, '') as CustomerField;
  return FORM_FIELDS.includes(field) ? field : undefined;
}

/** Where the customers screen opens one customer's form: the link from a phone another customer already has. */
export const customerLink = (id: string) => `/customers?open=${encodeURIComponent(id)}`;

/**
 * The inline add/edit form. After an add it clears for the next customer; after an edit it keeps what was saved
 * (spec part 2 §4). Server refusals (a phone already in use) show under their field, anything else above the form;
 * a phone another customer has links to that customer.
 */
export function CustomerForm({ editing, onClose, onSaved }: CustomerFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<CustomerFormValues>(() => (editing ? customerFormFrom(editing) : emptyCustomerForm()));
  const [errors, setErrors] = useState<Partial<Record<CustomerField, string>>>({});
  // The customer who already has the phone typed, as the server named them.
  const [holder, setHolder] = useState<ExistingRecord | null>(null);
  const { formError, setFormError, success, setSuccess, fieldErrors } = useServerForm({ fieldOf: customerFieldOf });
  const [addCustomer, adding] = useAddCustomerMutation();
  const [updateCustomer, updating] = useCustomersUpdateMutation();
  const busy = adding.isLoading || updating.isLoading;

  const set = (field: CustomerField) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
    if (field === 'phone') setHolder(null);
    setSuccess(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setFormError(null);
    setSuccess(null);
    setHolder(null);
    const broken = validateCustomer(values);
    const texts: Partial<Record<CustomerField, string>> = {};
    for (const [field, rule] of Object.entries(broken)) texts[field as CustomerField] = t(`customers.form.${rule}`);
    setErrors(texts);
    if (Object.keys(texts).length > 0) return;
    try {
      if (editing) {
        const saved = await updateCustomer({ id: editing._id, body: customerUpdateBody(values) }).unwrap();
        setValues(customerFormFrom(saved));
        setSuccess(t('customers.form.updated', { name: `${saved.firstName} ${saved.lastName}` }));
        onSaved?.(saved);
      } else {
        const saved = (await addCustomer(customerCreateBody(values)).unwrap()) as CustomerDto;
        setValues(emptyCustomerForm());
        setSuccess(t('customers.form.added', { name: `${saved.firstName} ${saved.lastName}` }));
        onSaved?.(saved);
      }
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      if (fields.phone) setHolder(serverExisting(err));
      const fallback = editing ? t('customers.form.updateFailed') : t('customers.form.addFailed');
      // A refusal that names a field shows under it; anything else above the form.
      setFormError(Object.keys(fields).length > 0 ? null : errorText(err, fallback));
    }
  }

  const input = (
    name: CustomerField,
    label: string,
    opts: { type?: string; dir?: 'ltr' | 'auto'; hint?: string; autoFocus?: boolean; placeholder?: string } = {},
  ) => (
    <label className="field">
      <span>{label}</span>
      <input
        name={name}
        type={opts.type ?? 'text'}
        value={values[name]}
        onChange={set(name)}
        aria-invalid={!!errors[name]}
        dir={opts.dir ?? 'auto'}
        autoFocus={opts.autoFocus}
        placeholder={opts.placeholder}
        disabled={busy}
        data-testid={`customer-${name}`}
      />
      {opts.hint && !errors[name] && <span className="muted small">{opts.hint}</span>}
      {errors[name] && (
        <span className="field-error" data-testid={`error-${name}`}>
          {errors[name]}
        </span>
      )}
      {name === 'phone' && holder && errors.phone && (
        <Link to={customerLink(holder.id)} className="small" data-testid="customer-phone-holder">
          {t('customers.form.openExisting', { name: holder.name })}
        </Link>
      )}
    </label>
  );

  return (
    <section className="panel customer-form" data-testid="customer-form" aria-labelledby="customer-form-title">
      <div className="row between">
        <h2 id="customer-form-title">{editing ? t('customers.form.editTitle') : t('customers.form.addTitle')}</h2>
        <button
          type="button"
          className="icon-button"
          aria-label={t('customers.form.close')}
          onClick={onClose}
          data-testid="customer-form-close"
        >
          ×
        </button>
      </div>
      <form onSubmit={submit} noValidate className="stack">
        <FormOutcome error={formError} success={success} testId="customer-form" />
        <div className="customer-form-grid">
          {input('firstName', t('customers.form.firstName'), { autoFocus: true })}
          {input('lastName', t('customers.form.lastName'))}
          {input('phone', t('customers.form.phone'), { type: 'tel', dir: 'ltr', hint: t('customers.form.phoneHint') })}
          {input('email', t('customers.form.email'), { type: 'email', dir: 'ltr' })}
          <label className="field">
            <span>{t('customers.form.language')}</span>
            <select
              name="languagePreference"
              value={values.languagePreference}
              onChange={set('languagePreference')}
              disabled={busy}
              data-testid="customer-languagePreference"
            >
              <option value="en">{t('language.en')}</option>
              <option value="ku">{t('language.ku')}</option>
            </select>
          </label>
        </div>
        <fieldset className="customer-address">
          <legend>{t('customers.form.address')}</legend>
          <div className="customer-form-grid">
            {input('street', t('customers.form.street'))}
            {input('city', t('customers.form.city'))}
            {input('state', t('customers.form.state'))}
            {input('zipCode', t('customers.form.zipCode'), { dir: 'ltr' })}
            {input('country', t('customers.form.country'), { placeholder: t('customers.form.countryDefault') })}
          </div>
        </fieldset>
        <div className="row gap end">
          <button
            type="button"
            className="button"
            onClick={() => (editing ? onClose() : (setValues(emptyCustomerForm()), setErrors({}), setFormError(null), setSuccess(null)))}
            disabled={busy}
          >
            {editing ? t('common.cancel') : t('customers.form.reset')}
          </button>
          <button type="submit" className="button primary" disabled={busy} data-testid="customer-save">
            {busy ? t('customers.form.saving') : editing ? t('customers.form.update') : t('customers.form.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
