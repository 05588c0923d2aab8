import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EXPENSE_TOAST_MS, type ExpenseDto } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { FormOutcome } from '../../../components/ui/form-outcome.js';
import { useServerForm } from '../../../components/ui/use-server-form.js';
import { AccessRestricted } from '../../../components/ui/access-restricted.js';
import { BackLink } from '../../../components/ui/back-link.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useCan } from '../../auth/index.js';
import { useExpenseCreateMutation, useExpenseQuery, useExpenseUpdateMutation, useShopExchangeRateQuery } from '../api/expenses-api.js';
import { FormErrorBoundary } from '../components/form-error-boundary.js';
import { Field } from '../components/form-field.js';
import { AmountSection, BasicSection, PaymentSection } from '../components/form-sections.js';
import { AdditionalSection, VendorSection } from '../components/form-sections-more.js';
import {
  emptyValues,
  expenseFieldOf,
  toPayload,
  validateExpense,
  valuesFromExpense,
  type ExpenseFormValues,
  type FieldErrors,
  type FieldName,
} from '../lib/expense-form.js';
import '../expenses.css';

const LIST = '/expenses';

/** Add (/expenses/add) and edit (/expenses/edit/:id) share this page (spec part 2 §2, Expense form). */
export default function ExpenseFormPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const canCreate = useCan('expenses', 'create');
  const canEdit = useCan('expenses', 'edit');
  if (!(id ? canEdit : canCreate)) return <AccessRestricted />;
  return (
    <Frame edit={Boolean(id)}>
      <FormErrorBoundary onBack={() => void navigate(LIST)}>{id ? <EditExpense id={id} /> : <ExpenseForm />}</FormErrorBoundary>
    </Frame>
  );
}

function Frame({ edit, children }: { edit: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="page expense-form-page" data-testid="expense-form-page">
      <header className="page-header">
        <h1>{edit ? t('expenses.form.editTitle') : t('expenses.form.addTitle')}</h1>
        <BackLink to={LIST} testId="back-to-expenses" label={t('expenses.form.back')} />
      </header>
      {children}
    </section>
  );
}

function EditExpense({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data, error, isLoading, refetch } = useExpenseQuery(id, { refetchOnMountOrArgChange: true });
  if (isLoading) return <Spinner label={t('expenses.form.loading')} />;
  if (error && !data) {
    const status = typeof error === 'object' && 'status' in error ? error.status : undefined;
    if (status === 404) {
      return (
        <section className="panel not-found" data-testid="expense-not-found">
          <p>{t('expenses.form.notFound')}</p>
        </section>
      );
    }
    return <ErrorPanel message={errorText(error, t('expenses.errors.get'))} onRetry={() => void refetch()} />;
  }
  return data ? <ExpenseForm key={data._id} expense={data} /> : null;
}

function ExpenseForm({ expense }: { expense?: ExpenseDto }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [values, setValues] = useState<ExpenseFormValues>(() => (expense ? valuesFromExpense(expense) : emptyValues()));
  // A new expense starts at the shop's rate (the specification's 1,410 only while there is none), unless typed over.
  const shopRate = useShopExchangeRateQuery(undefined, { skip: !!expense }).data?.exchangeRate;
  const rateTyped = useRef(false);
  useEffect(() => {
    if (expense || !shopRate || rateTyped.current) return;
    setValues((v) => ({ ...v, exchangeRate: String(shopRate) }));
  }, [expense, shopRate]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { formError, setFormError, fieldErrors } = useServerForm({ fieldOf: expenseFieldOf });
  const [create, creation] = useExpenseCreateMutation();
  const [update, updating] = useExpenseUpdateMutation();
  const saving = creation.isLoading || updating.isLoading;

  const set = <K extends FieldName>(field: K, value: ExpenseFormValues[K]) => {
    if (field === 'exchangeRate') rateTyped.current = true;
    setValues((v) => ({ ...v, [field]: value }));
    // An error clears when its field is edited.
    setErrors((e) => {
      if (!e[field]) return e;
      const next = { ...e };
      delete next[field];
      return next;
    });
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const found = validateExpense(values, {
      required: t('expenses.form.required'),
      cardLast4Invalid: t('expenses.form.cardLast4Invalid'),
      invalidAmount: t('expenses.form.invalidAmount'),
      usdDecimals: t('expenses.form.usdDecimals'),
      iqdWhole: t('expenses.form.iqdWhole'),
      invalidPhone: t('expenses.form.invalidPhone'),
      invalidEmail: t('expenses.form.invalidEmail'),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      if (expense) {
        const saved = await update({ id: expense._id, body: toPayload(values) }).unwrap();
        toast.success(t('expenses.toasts.updated'), EXPENSE_TOAST_MS);
        // The server says when an approved or paid expense went back to pending.
        if (saved.message) toast.info(saved.message, EXPENSE_TOAST_MS);
        setValues(valuesFromExpense(saved));
      } else {
        await create(toPayload(values)).unwrap();
        toast.success(t('expenses.toasts.created'), EXPENSE_TOAST_MS);
        setValues({ ...emptyValues(), ...(shopRate ? { exchangeRate: String(shopRate) } : {}) });
      }
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      setFormError(errorText(err, t('expenses.errors.form')));
      toast.error(t('expenses.errors.save'), EXPENSE_TOAST_MS);
    }
  }

  const props = { values, errors, disabled: saving, set };
  return (
    <form className="ef-form" onSubmit={(e) => void submit(e)} noValidate data-testid="expense-form">
      <BasicSection {...props} />
      <AmountSection {...props} />
      <PaymentSection {...props} />
      <VendorSection {...props} />
      <AdditionalSection {...props} />
      <section className="panel ef-section" aria-labelledby="expense-notes-section">
        <h2 id="expense-notes-section">{t('expenses.form.notes')}</h2>
        <Field name="notes" label={t('expenses.form.notes')} optional error={errors.notes}>
          <textarea
            id="expense-notes"
            rows={3}
            maxLength={2000}
            value={values.notes}
            onChange={(e) => set('notes', e.target.value)}
            disabled={saving}
            data-testid="expense-notes"
          />
        </Field>
      </section>
      <FormOutcome error={formError} success={null} />
      <div className="row gap end ef-actions">
        <button type="button" className="button" onClick={() => void navigate(LIST)} disabled={saving} data-testid="expense-cancel">
          {t('expenses.form.cancel')}
        </button>
        <button type="submit" className="button primary" disabled={saving} data-testid="expense-save">
          {saving ? t('expenses.form.saving') : expense ? t('expenses.form.update') : t('expenses.form.create')}
        </button>
      </div>
    </form>
  );
}
