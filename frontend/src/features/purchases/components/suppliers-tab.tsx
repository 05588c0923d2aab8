import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone, isValidPhone, PHONE_MAX_LENGTH, type SupplierDto } from '@dukan/contracts';
import { errorText, serverFieldMessages } from '../../../app/api.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Modal } from '../../../components/ui/modal.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useCan } from '../../auth/index.js';
import { useSaveSupplierMutation, useSuppliersQuery } from '../api/purchases-api.js';
import { nameIn } from '../lib/money.js';
import type { Notice } from '../lib/notice.js';

/** The shop's suppliers, with adding and editing for who may create purchases. */
export function SuppliersTab({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const { t, i18n } = useTranslation();
  const canCreate = useCan('purchases', 'create');
  const [search, setSearch] = useState('');
  const list = useSuppliersQuery({ search: search.trim() || undefined, all: true });
  const [editing, setEditing] = useState<SupplierDto | 'new' | null>(null);
  return (
    <div data-testid="suppliers-tab">
      <div className="row gap toolbar">
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('purchases.suppliers.search')}
          aria-label={t('purchases.suppliers.search')}
        />
        {canCreate && (
          <button type="button" className="button primary" onClick={() => setEditing('new')} data-testid="add-supplier">
            {t('purchases.suppliers.add')}
          </button>
        )}
      </div>
      {list.isError ? (
        <ErrorPanel message={errorText(list.error, t('purchases.fetchError'))} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Spinner label={t('purchases.loading')} />
      ) : list.data.data.length === 0 ? (
        <p className="empty-state">{t('purchases.suppliers.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table className="table" data-testid="suppliers-table">
            <thead>
              <tr>
                <th>{t('purchases.orders.supplier')}</th>
                <th>{t('purchases.suppliers.phone')}</th>
                <th>{t('purchases.suppliers.address')}</th>
                <th>{t('purchases.orders.state')}</th>
                {canCreate && <th className="actions-cell">{t('purchases.orders.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((s) => (
                <tr key={s._id} data-testid="supplier-row">
                  <td>{nameIn(i18n.language, s.name)}</td>
                  <td dir="ltr">{s.phone ? formatPhone(s.phone) : '—'}</td>
                  <td>{s.address ?? '—'}</td>
                  <td>{s.active ? t('purchases.suppliers.active') : t('purchases.suppliers.inactive')}</td>
                  {canCreate && (
                    <td className="actions-cell">
                      <button type="button" className="button small" onClick={() => setEditing(s)}>
                        {t('purchases.suppliers.edit')}
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && (
        <SupplierDialog
          supplier={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(s) => {
            setEditing(null);
            onNotice({ key: 'purchases.suppliers.saved', values: { name: nameIn(i18n.language, s.name) } });
          }}
        />
      )}
    </div>
  );
}

function SupplierDialog({
  supplier,
  onClose,
  onSaved,
}: {
  supplier: SupplierDto | null;
  onClose: () => void;
  onSaved: (s: SupplierDto) => void;
}) {
  const { t } = useTranslation();
  const [save, { isLoading }] = useSaveSupplierMutation();
  const [form, setForm] = useState({
    en: supplier?.name.en ?? '',
    ku: supplier?.name.ku ?? '',
    phone: supplier?.phone ? formatPhone(supplier.phone) : '',
    address: supplier?.address ?? '',
    notes: supplier?.notes ?? '',
    active: supplier?.active ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  async function submit() {
    setError(null);
    // The server's phone rule (any Iraqi or international number, Kurdish and Arabic digits too), in its words.
    if (form.phone.trim() && !isValidPhone(form.phone.trim())) return setErrors({ phone: t('purchases.suppliers.invalidPhone') });
    setErrors({});
    try {
      const { data } = await save({
        id: supplier?._id,
        body: {
          name: { en: form.en, ku: form.ku },
          phone: form.phone.trim() || null,
          address: form.address.trim() || null,
          notes: form.notes.trim() || null,
          ...(supplier && { active: form.active }),
        },
      }).unwrap();
      onSaved(data);
    } catch (e) {
      setErrors(serverFieldMessages(e));
      setError(errorText(e, t('purchases.suppliers.error')));
    }
  }

  const field = (k: 'en' | 'ku' | 'phone' | 'address' | 'notes', label: string, errorKey: string) => (
    <label className="field">
      <span>{label}</span>
      <input
        value={form[k]}
        onChange={set(k)}
        data-testid={`supplier-${k}`}
        dir={k === 'phone' ? 'ltr' : undefined}
        maxLength={k === 'phone' ? PHONE_MAX_LENGTH : undefined}
      />
      {errors[errorKey] && <span className="field-error">{errors[errorKey]}</span>}
    </label>
  );

  return (
    <Modal
      title={supplier ? t('purchases.suppliers.edit') : t('purchases.suppliers.add')}
      onClose={onClose}
      testId="supplier-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('purchases.cancel')}
          </button>
          <button
            type="button"
            className="button primary"
            disabled={isLoading || !form.en.trim()}
            onClick={() => void submit()}
            data-testid="save-supplier"
          >
            {isLoading ? t('purchases.saving') : t('purchases.save')}
          </button>
        </>
      }
    >
      {field('en', t('purchases.suppliers.nameEn'), 'name.en')}
      {field('ku', t('purchases.suppliers.nameKu'), 'name.ku')}
      {field('phone', t('purchases.suppliers.phone'), 'phone')}
      {field('address', t('purchases.suppliers.address'), 'address')}
      {field('notes', t('purchases.suppliers.notes'), 'notes')}
      {supplier && (
        <label className="checkbox">
          <input type="checkbox" checked={form.active} onChange={(e) => setForm({ ...form, active: e.target.checked })} />
          <span>{t('purchases.suppliers.active')}</span>
        </label>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
