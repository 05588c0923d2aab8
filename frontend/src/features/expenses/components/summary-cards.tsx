import { useTranslation } from 'react-i18next';
import { toCents } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { useFormat } from '../../../i18n/format.js';
import { useExpensesSummaryQuery } from '../api/expenses-api.js';

/** Total Expenses (USD) and the Pending, Approved and Paid counts, for the filter's dates (all time without them). */
export function SummaryCards({ startDate, endDate }: { startDate: string; endDate: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { data, error, isFetching } = useExpensesSummaryQuery({ startDate, endDate });
  if (error && !data) {
    return (
      <p className="form-error" role="alert" data-testid="summary-error">
        {errorText(error, t('expenses.errors.summary'))}
      </p>
    );
  }
  const cards = [
    { key: 'total', label: t('expenses.cards.total'), value: data ? f.usd(toCents(data.total)) : '—', hint: t('expenses.cards.totalHint') },
    { key: 'pending', label: t('expenses.cards.pending'), value: data ? f.number(data.counts.pending) : '—' },
    { key: 'approved', label: t('expenses.cards.approved'), value: data ? f.number(data.counts.approved) : '—' },
    { key: 'paid', label: t('expenses.cards.paid'), value: data ? f.number(data.counts.paid) : '—' },
  ];
  return (
    <div className="expense-cards-summary" aria-busy={isFetching} data-testid="expense-summary">
      {cards.map((c) => (
        <section key={c.key} className={`panel expense-stat expense-stat-${c.key}`} data-testid={`summary-${c.key}`}>
          <h2 className="expense-stat-label">{c.label}</h2>
          <p className="expense-stat-value" data-testid={`summary-${c.key}-value`}>
            {c.value}
          </p>
          {c.hint && <p className="muted small">{c.hint}</p>}
        </section>
      ))}
    </div>
  );
}
