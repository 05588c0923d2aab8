import { useTranslation } from 'react-i18next';
import { RECEIVABLE_AGES, type Currency, type ReceivablesReportDto } from '@dukan/contracts';
import { Pagination } from '../../../components/ui/pagination.js';
import { useFormat } from '../../../i18n/format.js';
import { useBranchesQuery } from '../../settings/index.js';

/** Who owes what and since when: every branch's totals by age, then a page of customers, oldest debt first. */
export function ReceivablesReport({ data, onPage }: { data: ReceivablesReportDto; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const money = (minor: number, c: Currency) => (c === 'IQD' ? f.iqd(minor) : f.usd(minor));
  // Branches by the name the shop gave them (the code until the directory is read, or for one no longer listed).
  const branches = useBranchesQuery();
  const branchName = (id: string) => branches.data?.find((b) => b._id === id)?.name || id;
  const ages = RECEIVABLE_AGES.map((a) => (
    <th key={a} className="num">
      {t(`reports.receivables.ages.${a}`)}
    </th>
  ));
  if (data.totals.length === 0 && data.rows.length === 0) return <p className="muted">{t('reports.receivables.none')}</p>;
  return (
    <>
      <section className="panel report-table" data-testid="table-receivablesTotals">
        <h3>{t('reports.receivables.totals')}</h3>
        <div className="table-scroll">
          <table className="table compact">
            <thead>
              <tr>
                <th>{t('reports.receivables.branch')}</th>
                <th className="num">{t('reports.receivables.owed')}</th>
                {ages}
              </tr>
            </thead>
            <tbody>
              {data.totals.map((r) => (
                <tr key={`${r.branchId}|${r.currency}`} data-testid="receivables-total">
                  <td data-testid="receivables-branch">{branchName(r.branchId)}</td>
                  <td className="num" dir="ltr">
                    {money(r.owedMinor, r.currency)}
                  </td>
                  {RECEIVABLE_AGES.map((a) => (
                    <td key={a} className="num" dir="ltr">
                      {money(r.aged[a], r.currency)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="panel report-table" data-testid="table-receivables">
        <h3>{t('reports.receivables.customers')}</h3>
        <div className="table-scroll">
          <table className="table compact">
            <thead>
              <tr>
                <th>{t('reports.receivables.customer')}</th>
                <th>{t('reports.receivables.phone')}</th>
                <th className="num">{t('reports.receivables.owed')}</th>
                <th>{t('reports.receivables.since')}</th>
                {ages}
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r) => (
                <tr key={`${r.customerId}|${r.currency}`} data-testid="receivable">
                  <td>{r.name}</td>
                  <td dir="ltr">{r.phone}</td>
                  <td className="num" dir="ltr" data-testid="receivable-owed">
                    {money(r.owedMinor, r.currency)}
                  </td>
                  <td>{f.date(r.since)}</td>
                  {RECEIVABLE_AGES.map((a) => (
                    <td key={a} className="num" dir="ltr">
                      {money(r.aged[a], r.currency)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination page={data.pagination.page} pages={data.pagination.pages} onPage={onPage} />
      </section>
    </>
  );
}
