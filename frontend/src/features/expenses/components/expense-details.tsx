import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone, toCents, type ExpenseDto } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { Modal } from '../../../components/ui/modal.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useFormat } from '../../../i18n/format.js';
import { useExpenseQuery } from '../api/expenses-api.js';
import { dayDate } from '../lib/days.js';
import { StatusBadge } from './status-badge.js';

/** View Details: the whole expense, including what the card leaves out, and who moved it through which status when. */
export function ExpenseDetails({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, error, isLoading } = useExpenseQuery(id, { refetchOnMountOrArgChange: true });
  return (
    <Modal
      title={data ? t('expenses.details.title', { number: data.expenseNumber }) : t('expenses.card.viewDetails')}
      onClose={onClose}
      testId="expense-details"
      className="expense-details"
    >
      {isLoading ? (
        <Spinner label={t('common.loading')} />
      ) : error || !data ? (
        <p className="form-error" role="alert">
          {errorText(error, t('expenses.errors.get'))}
        </p>
      ) : (
        <Details e={data} />
      )}
    </Modal>
  );
}

function Details({ e }: { e: ExpenseDto }) {
  const { t } = useTranslation();
  const f = useFormat();
  const d = e.paymentDetails;
  const contact = e.vendor
    ? [e.vendor.contact.phone && formatPhone(e.vendor.contact.phone), e.vendor.contact.email, e.vendor.contact.address]
        .filter(Boolean)
        .join(' · ')
    : '';
  const amount = e.currency === 'USD' ? f.usd(toCents(e.amount)) : `${f.iqd(e.amount)} (${f.usd(toCents(e.amountInBaseCurrency))})`;
  const rows: [string, ReactNode][] = [
    [t('expenses.details.amount'), amount],
    [t('expenses.form.category'), t(`expenses.categories.${e.category}`)],
    [t('expenses.card.date'), f.date(dayDate(e.expenseDate))],
    [t('expenses.card.createdBy'), `${e.createdBy.firstName} ${e.createdBy.lastName}`.trim()],
    ...(e.description ? [[t('expenses.form.description'), e.description] as [string, string]] : []),
    ...(e.department ? [[t('expenses.card.department'), e.department] as [string, string]] : []),
    ...(e.tags.length ? [[t('expenses.card.tags'), e.tags.join(f.language === 'ku' ? '، ' : ', ')] as [string, string]] : []),
    ...(e.vendor ? [[t('expenses.card.vendor'), e.vendor.name] as [string, string]] : []),
    ...(e.currency === 'IQD'
      ? [[t('expenses.details.rate'), t('expenses.details.rateValue', { rate: f.number(e.exchangeRate) })] as [string, string]]
      : []),
    [t('expenses.details.method'), t(`expenses.methods.${e.paymentMethod}`)],
    ...(d.cardLast4 ? [[t('expenses.form.cardLast4'), <span dir="ltr">•••• {d.cardLast4}</span>] as [string, ReactNode]] : []),
    ...(d.bankName ? [[t('expenses.form.bankName'), d.bankName] as [string, string]] : []),
    ...(d.accountNumber ? [[t('expenses.form.accountNumber'), <span dir="ltr">{d.accountNumber}</span>] as [string, ReactNode]] : []),
    ...(d.checkNumber ? [[t('expenses.form.checkNumber'), <span dir="ltr">{d.checkNumber}</span>] as [string, ReactNode]] : []),
    ...(d.reference ? [[t('expenses.details.reference'), <span dir="ltr">{d.reference}</span>] as [string, ReactNode]] : []),
    ...(contact ? [[t('expenses.details.vendorContact'), <span dir="auto">{contact}</span>] as [string, ReactNode]] : []),
    ...(e.receipt
      ? [
          [
            t('expenses.details.receipt'),
            <a href={e.receipt} target="_blank" rel="noopener noreferrer">
              {t('expenses.details.openReceipt')}
            </a>,
          ] as [string, ReactNode],
        ]
      : []),
    ...(e.notes ? [[t('expenses.details.notes'), e.notes] as [string, string]] : []),
    ...(e.rejectionReason ? [[t('expenses.reject.reasonLabel'), e.rejectionReason] as [string, string]] : []),
  ];
  return (
    <div className="stack">
      <p className="row gap">
        <strong>{e.title}</strong> <StatusBadge status={e.status} />
      </p>
      <dl className="expense-details-list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>{t('expenses.details.history')}</h3>
      <ol className="expense-history" data-testid="expense-history">
        {(e.statusHistory ?? []).map((h, i) => {
          const status = h.from === null ? t('expenses.details.recorded') : t(`expenses.status.${h.to}`);
          const who = h.changedBy ? `${h.changedBy.firstName} ${h.changedBy.lastName}`.trim() : null;
          return (
            <li key={i}>
              <span>
                {who ? t('expenses.details.changedBy', { status, name: who }) : t('expenses.details.changedBySystem', { status })}
              </span>
              <span className="muted small"> · {f.dateTime(h.changedAt)}</span>
              {h.reason && <p className="small">{h.reason}</p>}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
