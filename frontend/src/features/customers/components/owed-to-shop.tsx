import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.js';
import { useCan } from '../../auth/index.js';
import { useReceivablesTotalsQuery } from '../api/customers-api.js';

/** The dashboard's "owed to the shop": every customer account's balance, in dollars and in dinars (reports → view). */
export function OwedToShop() {
  const { t } = useTranslation();
  const f = useFormat();
  const canView = useCan('reports', 'view');
  const { data } = useReceivablesTotalsQuery(undefined, { skip: !canView });
  if (!canView || !data) return null;
  const sum = (c: 'USD' | 'IQD') => data.filter((r) => r.currency === c).reduce((n, r) => n + r.owedMinor, 0);
  return (
    <article className="stat-card" data-testid="stat-owed">
      <div className="stat-head">
        <span className="muted">{t('customers.owedToShop')}</span>
      </div>
      <p className="stat-value" dir="ltr">
        {f.usd(sum('USD'))}
      </p>
      <p className="muted small" dir="ltr" data-testid="owed-iqd">
        {f.iqd(sum('IQD'))}
      </p>
    </article>
  );
}
