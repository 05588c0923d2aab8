import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { formatPhone, isValidEmail, isValidPhone, parsePhone } from '@dukan/contracts';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.js';
import { errorText } from '../../../app/api.js';
import { useFormat } from '../../../i18n/format.js';
import type { CustomerDto } from '@dukan/contracts';
import { useAddCustomerMutation } from '../../../app/shared-api.js';
import { useCustomersQuery } from '../api/pos-api.js';
import type { CartCustomer } from '../lib/cart.js';

export function toCartCustomer(c: CustomerDto): CartCustomer {
  return {
    _id: c._id,
    name: c.fullName || `${c.firstName} ${c.lastName}`.trim(),
    phone: c.phone ? formatPhone(c.phone) : undefined,
    loyaltyPoints: c.loyaltyPoints ?? 0,
  };
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setV(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return v;
}

interface PickerProps {
  onPick: (customer: CartCustomer | null) => void;
  onClose: () => void;
}

export function CustomerPicker({ onPick, onClose }: PickerProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const [adding, setAdding] = useState(false);
  // Enter pressed before the answer to the typed text came: the text it was pressed on, picked once answered.
  const [enterOn, setEnterOn] = useState<string | null>(null);
  const typed = search.trim();
  const term = useDebounced(typed, 250);
  // `currentData` is the answer to `term` only (never the previous search's), and only while `term` is what is typed
  // may a customer be shown or picked: a sale on account can never land on someone an older search found.
  const { currentData, error, isFetching } = useCustomersQuery(term);
  const answered = term === typed && currentData !== undefined;
  const customers = useMemo(() => (answered ? currentData : []), [answered, currentData]);

  useEffect(() => setActive(0), [term]);
  useEffect(() => {
    if (enterOn === null || !answered || enterOn !== typed) return;
    setEnterOn(null);
    const first = customers[0];
    if (first) onPick(toCartCustomer(first));
  }, [enterOn, answered, typed, customers, onPick]);

  if (adding) return <NewCustomerForm onSaved={(c) => onPick(toCartCustomer(c))} onBack={() => setAdding(false)} onClose={onClose} />;

  return (
    <Modal title={t('pos.picker.title')} onClose={onClose} testId="customer-picker" className="picker">
      <input
        type="search"
        autoFocus
        aria-label={t('pos.picker.searchLabel')}
        placeholder={t('pos.picker.searchPlaceholder')}
        value={search}
        data-testid="customer-search"
        onChange={(e) => {
          setSearch(e.target.value);
          setEnterOn(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((a) => Math.min(customers.length - 1, a + 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(0, a - 1));
          } else if (e.key === 'Enter') {
            e.preventDefault();
            if (!answered) setEnterOn(typed);
            else if (customers[active]) onPick(toCartCustomer(customers[active]!));
          }
        }}
      />
      <div className="row gap picker-actions">
        <button type="button" className="button" onClick={() => onPick(null)} data-testid="pick-guest">
          {t('pos.picker.guest')}
        </button>
        <button type="button" className="button" onClick={() => setAdding(true)} data-testid="add-customer">
          + {t('pos.picker.addNew')}
        </button>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {errorText(error, t('pos.picker.fetchError'))}
        </p>
      ) : !answered ? (
        <p className="muted" role="status" data-testid="customer-searching">
          {t('pos.picker.searching')}
        </p>
      ) : customers.length === 0 ? (
        <p className="muted">{t('pos.picker.noCustomers')}</p>
      ) : (
        <ul className="picker-list" role="listbox" aria-label={t('pos.picker.title')} aria-busy={isFetching}>
          {customers.map((c, i) => {
            const cc = toCartCustomer(c);
            return (
              <li key={c._id} role="option" aria-selected={i === active}>
                <button
                  type="button"
                  className={`picker-item ${i === active ? 'active' : ''}`}
                  onClick={() => onPick(cc)}
                  data-testid="customer-option"
                >
                  <span>
                    <strong>{cc.name}</strong>
                    <span className="muted small" dir="ltr">
                      {' '}
                      {formatPhone(c.phone)} {c.email ? `· ${c.email}` : ''}
                    </span>
                  </span>
                  <span className="badge">{t('pos.picker.pointsShort', { points: f.number(cc.loyaltyPoints) })}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}

interface NewCustomerFormProps {
  onSaved: (c: CustomerDto) => void;
  onBack: () => void;
  onClose: () => void;
}

type Fields = 'firstName' | 'lastName' | 'phone' | 'email';

function NewCustomerForm({ onSaved, onBack, onClose }: NewCustomerFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Fields, string>>({ firstName: '', lastName: '', phone: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [addCustomer, { isLoading }] = useAddCustomerMutation();

  const set = (field: Fields) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: Partial<Record<Fields, string>> = {};
    if (!values.firstName.trim()) next.firstName = t('pos.picker.required');
    if (!values.lastName.trim()) next.lastName = t('pos.picker.required');
    const phone = values.phone.trim();
    if (!phone) next.phone = t('pos.picker.required');
    else if (!isValidPhone(phone)) next.phone = t('pos.picker.invalidPhone');
    if (values.email.trim() && !isValidEmail(values.email.trim())) next.email = t('pos.picker.invalidEmail');
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      const saved = await addCustomer({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        phone: parsePhone(phone) ?? phone,
        ...(values.email.trim() ? { email: values.email.trim() } : {}),
      }).unwrap();
      onSaved(saved);
    } catch (err) {
      setFormError(errorText(err, t('pos.picker.addFailed')));
    }
  }

  const field = (name: Fields, label: string, type = 'text', dir?: 'ltr') => (
    <label className="field">
      <span>{label}</span>
      <input
        name={name}
        type={type}
        value={values[name]}
        onChange={set(name)}
        aria-invalid={!!errors[name]}
        dir={dir ?? 'auto'}
        data-testid={`new-${name}`}
      />
      {errors[name] && <span className="field-error">{errors[name]}</span>}
    </label>
  );

  return (
    <Modal title={t('pos.picker.newTitle')} onClose={onClose} testId="new-customer">
      <form onSubmit={submit} noValidate className="stack">
        {formError && (
          <div className="form-error" role="alert">
            {formError}
          </div>
        )}
        {field('firstName', t('pos.picker.firstName'))}
        {field('lastName', t('pos.picker.lastName'))}
        {field('phone', t('pos.picker.phone'), 'tel', 'ltr')}
        {field('email', t('pos.picker.email'), 'email', 'ltr')}
        <div className="row gap end">
          <button type="button" className="button" onClick={onBack}>
            {t('common.back')}
          </button>
          <button type="submit" className="button primary" disabled={isLoading} data-testid="save-customer">
            {isLoading ? t('pos.picker.savingCustomer') : t('pos.picker.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
