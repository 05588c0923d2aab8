import { useTranslation } from 'react-i18next';
import { useViewBranch } from '../../../components/layout/view-branch.js';
import { useFormat } from '../../../i18n/format.js';
import { useCan } from '../../auth/index.js';
import { useReceivablesTotalsQuery } from '../api/customers-api.js';

/**
 * The dashboard's "owed to the shop", in dollars and in dinars (reports → view): of the branch the dashboard shows
 * (what its sales left owing), or of every branch the user may see.
 */
export function OwedToShop() {
  const { t } = useTranslation();
  const f = useFormat();
  const canView = useCan('reports', 'view');
  const [branch] = useViewBranch();
  const { data } = useReceivablesTotalsQuery(branch, { skip: !canView });
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
