import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatPhone, type CustomerDto } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Pagination } from '../../../components/ui/pagination.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useFormat } from '../../../i18n/format.js';
import { useCan } from '../../auth/index.js';
import { dollarsToCents } from '../../../lib/money.js';
import { useCustomerQuery, useCustomersDeleteMutation, useCustomersPageQuery } from '../api/customers-api.js';
import { RowActions } from '../../../components/ui/row-actions.js';
import { CustomerForm } from '../components/customer-form.js';
import { CustomerAccount } from '../components/customer-account.js';
import '../customers.css';

const SEARCH_DELAY_MS = 250;

type FormState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; customer: CustomerDto };

export function CustomersPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const toast = useToast();
  const canCreate = useCan('customers', 'create');
  const canEdit = useCan('customers', 'edit');
  const canDelete = useCan('customers', 'delete');

  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<CustomerDto | null>(null);
  const [account, setAccount] = useState<CustomerDto | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  // The server searches (name, phone digits, email); a short pause keeps one call per typed word.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  // `?open=<id>` (the link from a phone another customer has) opens that customer's form.
  const [params, setParams] = useSearchParams();
  const openId = params.get('open');
  const opened = useCustomerQuery(openId ?? '', { skip: !openId || !canEdit });
  useEffect(() => {
    if (!openId || (!opened.data && !opened.error)) return;
    if (opened.data) setForm({ mode: 'edit', customer: opened.data });
    else toast.error(errorText(opened.error, t('customers.fetchError')));
    setParams(
      (p) => {
        p.delete('open');
        return p;
      },
      { replace: true },
    );
  }, [openId, opened.data, opened.error, setParams, toast, t]);

  const { data, error, isLoading, isFetching, refetch } = useCustomersPageQuery({ search, page });
  const [remove, removing] = useCustomersDeleteMutation();
  const customers = data?.data ?? [];
  const pages = data?.pagination.pages ?? 1;

  // Deleting the last customer of the last page leaves an empty page: step back.
  useEffect(() => {
    if (data && page > 1 && page > data.pagination.pages) setPage(Math.max(1, data.pagination.pages));
  }, [data, page]);

  const fullName = (c: CustomerDto) => c.fullName || `${c.firstName} ${c.lastName}`;

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await remove(deleting._id).unwrap();
      toast.success(t('customers.deleteDialog.deleted', { name: fullName(deleting) }));
      if (form.mode === 'edit' && form.customer._id === deleting._id) setForm({ mode: 'closed' });
      setDeleting(null);
    } catch (err) {
      setDeleteError(errorText(err, t('customers.deleteDialog.failed')));
    }
  }

  const showActions = canEdit || canDelete;

  return (
    <section className="page customers">
      <header className="page-header">
        <div>
          <h1>{t('customers.title')}</h1>
          <p className="muted">{t('customers.subtitle')}</p>
        </div>
        {canCreate && (
          <button
            type="button"
            className="button primary"
            onClick={() => setForm({ mode: 'add' })}
            disabled={form.mode === 'add'}
            data-testid="add-customer"
          >
            {t('customers.add')}
          </button>
        )}
      </header>

      {form.mode !== 'closed' && (
        <CustomerForm
          key={form.mode === 'edit' ? form.customer._id : 'new'}
          editing={form.mode === 'edit' ? form.customer : null}
          onClose={() => setForm({ mode: 'closed' })}
        />
      )}

      {account && (
        <CustomerAccount
          key={account._id}
          customerId={account._id}
          name={fullName(account)}
          phone={formatPhone(account.phone)}
          onClose={() => setAccount(null)}
        />
      )}

      <section className="panel">
        <div className="customers-toolbar">
          <label className="search-box">
            <span className="sr-only">{t('customers.searchLabel')}</span>
            <input
              type="search"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder={t('customers.searchPlaceholder')}
              data-testid="customer-search"
            />
          </label>
          {data && (
            <span className="muted" data-testid="customer-count">
              {t('customers.count', { n: f.number(data.pagination.total) })}
            </span>
          )}
        </div>

        {error && !data ? (
          <ErrorPanel message={errorText(error, t('customers.fetchError'))} onRetry={() => void refetch()} />
        ) : isLoading ? (
          <Spinner label={t('common.loading')} />
        ) : customers.length === 0 ? (
          <p className="muted empty customers-empty" data-testid="customers-empty">
            {search ? t('customers.noMatches', { query: search }) : t('customers.noCustomers')}
          </p>
        ) : (
          <div className="table-scroll" aria-busy={isFetching}>
            <table className="table customers-table" data-testid="customers-table">
              <thead>
                <tr>
                  <th>{t('customers.name')}</th>
                  <th>{t('customers.phone')}</th>
                  <th>{t('customers.email')}</th>
                  <th className="num">{t('customers.loyaltyPoints')}</th>
                  <th className="num">{t('customers.totalSpent')}</th>
                  <th className="num">{t('customers.owed')}</th>
                  <th>{t('customers.memberSince')}</th>
                  <th>{t('customers.openAccount')}</th>
                  {showActions && <th className="actions-col">{t('customers.actions')}</th>}
                </tr>
              </thead>
              <tbody>
                {customers.map((c) => (
                  <tr key={c._id} data-testid="customer-row" data-id={c._id}>
                    <td className="customer-name">{fullName(c)}</td>
                    <td>
                      <span dir="ltr">{formatPhone(c.phone)}</span>
                    </td>
                    <td>{c.email ? <span dir="ltr">{c.email}</span> : <span className="muted">—</span>}</td>
                    <td className="num">{f.number(c.loyaltyPoints ?? 0)}</td>
                    <td className="num" data-testid="customer-total-spent">
                      {f.usd(dollarsToCents(c.totalSpent ?? 0))}
                    </td>
                    <td className="num" data-testid="customer-owed" dir="ltr">
                      {c.accountBalance && (c.accountBalance.USD !== 0 || c.accountBalance.IQD !== 0)
                        ? [
                            c.accountBalance.USD !== 0 && f.usd(c.accountBalance.USD),
                            c.accountBalance.IQD !== 0 && f.iqd(c.accountBalance.IQD),
                          ]
                            .filter(Boolean)
                            .join(' · ')
                        : '—'}
                    </td>
                    <td>{f.date(c.memberSince)}</td>
                    <td>
                      <button
                        type="button"
                        className="button small"
                        aria-label={t('customers.openAccountName', { name: fullName(c) })}
                        onClick={() => setAccount(c)}
                        data-testid="open-account"
                      >
                        {t('customers.openAccount')}
                      </button>
                    </td>
                    {showActions && (
                      <td className="actions-col">
                        <RowActions
                          edit={
                            canEdit && {
                              label: t('customers.edit'),
                              ariaLabel: t('customers.editName', { name: fullName(c) }),
                              onClick: () => setForm({ mode: 'edit', customer: c }),
                              testId: 'edit-customer',
                            }
                          }
                          remove={
                            canDelete && {
                              label: t('customers.delete'),
                              ariaLabel: t('customers.deleteName', { name: fullName(c) }),
                              onClick: () => {
                                setDeleteError(null);
                                setDeleting(c);
                              },
                              testId: 'delete-customer',
                            }
                          }
                        />
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination page={page} pages={pages} onPage={setPage} />
      </section>

      {deleting && (
        <ConfirmDialog
          title={t('customers.deleteDialog.title')}
          message={t('customers.deleteDialog.message', { name: fullName(deleting) })}
          confirmLabel={t('customers.deleteDialog.confirm')}
          busyLabel={t('customers.deleteDialog.deleting')}
          busy={removing.isLoading}
          danger
          error={deleteError}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
          testId="delete-customer-dialog"
        />
      )}
    </section>
  );
}

export default CustomersPage;
