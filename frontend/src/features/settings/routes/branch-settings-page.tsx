import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/api.js';
import { useCurrentUser } from '../../auth/index.js';
import { useBranchesQuery } from '../api/settings-api.js';
import { BranchCreateForm } from '../components/branch-create-form.js';
import { BranchRow } from '../components/branch-row.js';
import { SettingsHeader } from '../components/settings-header.js';
import { SettingsPageState } from '../components/settings-page-state.js';
import '../settings.css';

/** /settings/branches (admins): the shop's branches and their registers. */
export function BranchSettingsPage() {
  const { t } = useTranslation();
  const isAdmin = useCurrentUser()?.role === 'admin';
  const { data, error, isLoading, refetch } = useBranchesQuery(undefined, { refetchOnMountOrArgChange: true });

  const header = <SettingsHeader title={t('pages.branchSettings')} subtitle={t('settings.branches.subtitle')} />;
  if (!isAdmin) {
    return (
      <section className="page settings">
        {header}
        <p className="info-box">{t('settings.adminOnly')}</p>
      </section>
    );
  }
  if (error && !data) {
    return <SettingsPageState header={header} error={errorText(error, t('settings.branches.loadFailed'))} onRetry={() => void refetch()} />;
  }
  if (isLoading || !data) {
    return <SettingsPageState header={header} onRetry={() => void refetch()} />;
  }

  const activeCount = data.filter((b) => b.active).length;

  return (
    <section className="page settings">
      {header}
      <section className="panel" aria-labelledby="branches-title">
        <h2 id="branches-title">{t('settings.branches.list')}</h2>
        {data.length === 1 && <p className="muted">{t('settings.branches.singleShop')}</p>}
        <div className="table-scroll">
          <table className="table stack branches-table" data-testid="branches-table">
            <thead>
              <tr>
                <th>{t('settings.branches.code')}</th>
                <th>{t('settings.branches.name')}</th>
                <th>{t('settings.branches.registers')}</th>
                <th>{t('settings.branches.status')}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((b) => (
                // Keyed by content too, so a saved change resets the row's fields to the server's values.
                <BranchRow key={`${b._id}|${b.name}|${b.registers.join(',')}`} branch={b} lastActive={activeCount <= 1} />
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <BranchCreateForm />
    </section>
  );
}

export default BranchSettingsPage;
