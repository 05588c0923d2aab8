import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toCents, type ExpenseDto } from '@dukan/contracts';
import { useFormat } from '../../../i18n/format.js';
import { dayDate } from '../lib/days.js';
import { StatusBadge } from './status-badge.js';

export type CardAction = 'details' | 'approve' | 'reject' | 'pay' | 'delete';

export interface CardPermissions {
  decide: boolean; // approve, reject, mark as paid
  edit: boolean;
  remove: boolean;
  select: boolean; // bulk actions
  /** Approving or rejecting one's own expense is refused to all but admins. */
  ownDecisionAllowed: boolean;
  userId: string | null;
}

interface Props {
  expense: ExpenseDto;
  can: CardPermissions;
  selected: boolean;
  busy: boolean;
  onSelect: (selected: boolean) => void;
  onAction: (action: CardAction) => void;
}

/** One expense with every field the spec lists (part 2 §2) and its actions by status and permission. */
export function ExpenseCard({ expense: e, can, selected, busy, onSelect, onAction }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const mayDecide = can.decide && (can.ownDecisionAllowed || e.createdBy._id !== can.userId);
  const amount = e.currency === 'USD' ? f.usd(toCents(e.amount)) : f.iqd(e.amount);
  const creator = `${e.createdBy.firstName} ${e.createdBy.lastName}`.trim();
  const action = (name: CardAction, label: string, style = '') => (
    <button
      type="button"
      className={`button small ${style}`}
      onClick={() => onAction(name)}
      disabled={busy}
      data-testid={`expense-${name}`}
    >
      {label}
    </button>
  );

  return (
    <article
      className={`panel expense-card${selected ? ' selected' : ''}`}
      data-testid="expense-card"
      data-id={e._id}
      data-status={e.status}
    >
      <header className="expense-card-head">
        {can.select && (
          <input
            type="checkbox"
            checked={selected}
            onChange={(ev) => onSelect(ev.target.checked)}
            aria-label={t('expenses.card.select', { number: e.expenseNumber })}
            data-testid="expense-select"
          />
        )}
        <div className="expense-card-title">
          <h3 data-testid="expense-title">{e.title}</h3>
          <p className="muted small">
            <span dir="ltr" data-testid="expense-number">
              {e.expenseNumber}
            </span>{' '}
            · {t(`expenses.categories.${e.category}`)}
          </p>
        </div>
        <div className="expense-card-amount">
          <strong data-testid="expense-amount">{amount}</strong>
          {e.currency !== 'USD' && (
            <span className="muted small" data-testid="expense-base">
              {t('expenses.card.base', { amount: f.usd(toCents(e.amountInBaseCurrency)) })}
            </span>
          )}
        </div>
        <StatusBadge status={e.status} />
      </header>
      {e.description && <p className="expense-card-description">{e.description}</p>}
      <dl className="expense-card-facts">
        <div>
          <dt>{t('expenses.card.date')}</dt>
          <dd data-testid="expense-date">{f.date(dayDate(e.expenseDate))}</dd>
        </div>
        <div>
          <dt>{t('expenses.card.createdBy')}</dt>
          <dd data-testid="expense-creator">{creator}</dd>
        </div>
        {e.vendor && (
          <div>
            <dt>{t('expenses.card.vendor')}</dt>
            <dd data-testid="expense-vendor">{e.vendor.name}</dd>
          </div>
        )}
        {e.department && (
          <div>
            <dt>{t('expenses.card.department')}</dt>
            <dd>{e.department}</dd>
          </div>
        )}
      </dl>
      {e.tags.length > 0 && (
        <ul className="expense-tags" aria-label={t('expenses.card.tags')}>
          {e.tags.map((tag) => (
            <li key={tag} className="badge">
              {tag}
            </li>
          ))}
        </ul>
      )}
      {e.recurring && (
        <p className="muted small" data-testid="expense-recurring">
          {t('expenses.card.recurring', {
            frequency: t(`expenses.frequencies.${e.recurring.frequency}`),
            date: f.date(dayDate(e.recurring.nextDueDate)),
          })}
        </p>
      )}
      {e.recurrenceOf?.expenseNumber && (
        <p className="muted small">{t('expenses.card.occurrenceOf', { number: e.recurrenceOf.expenseNumber })}</p>
      )}
      {e.status === 'rejected' && e.rejectionReason && (
        <p className="expense-rejection small" data-testid="expense-rejection">
          {t('expenses.card.rejectedBecause', { reason: e.rejectionReason })}
        </p>
      )}
      <footer className="row gap expense-card-actions">
        {action('details', t('expenses.card.viewDetails'))}
        {e.status === 'pending' && mayDecide && action('approve', t('expenses.card.approve'), 'primary')}
        {e.status === 'pending' && mayDecide && action('reject', t('expenses.card.reject'), 'danger-outline')}
        {e.status === 'approved' && can.decide && action('pay', t('expenses.card.markPaid'), 'primary')}
        {can.edit && (
          <Link className="button small" to={`/expenses/edit/${e._id}`} data-testid="expense-edit">
            {t('expenses.card.edit')}
          </Link>
        )}
        {can.remove && action('delete', t('expenses.card.delete'), 'danger-outline')}
      </footer>
    </article>
  );
}
