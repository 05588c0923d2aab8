import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.js';
import { costRows, type CostEntry } from '../lib/product-form.js';

/** The product's received batches behind a show/hide toggle: newest first, total = cost × quantity. */
export function CostHistory({ history, averageCostCents }: { history: readonly CostEntry[]; averageCostCents: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [open, setOpen] = useState(false);
  const rows = costRows(history);
  return (
    <section className="panel pf-section" data-testid="cost-history">
      <div className="row between">
        <h2>{t('productForm.costHistory.title')}</h2>
        <button
          type="button"
          className="button small"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          data-testid="cost-history-toggle"
        >
          {open ? t('productForm.costHistory.hide') : t('productForm.costHistory.show')}
        </button>
      </div>
      {open &&
        (rows.length === 0 ? (
          <p className="muted" data-testid="cost-history-empty">
            {t('productForm.costHistory.empty')}
          </p>
        ) : (
          <>
            <p className="muted small">{t('productForm.costHistory.averageCost', { cost: f.usd(averageCostCents) })}</p>
            <table className="table compact" data-testid="cost-history-table">
              <thead>
                <tr>
                  <th>{t('productForm.costHistory.date')}</th>
                  <th className="num">{t('productForm.costHistory.quantity')}</th>
                  <th className="num">{t('productForm.costHistory.cost')}</th>
                  <th className="num">{t('productForm.costHistory.total')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={`${r.date}-${i}`} data-testid="cost-row">
                    <td>{f.dateTime(r.date)}</td>
                    <td className="num" data-testid="cost-row-quantity">
                      {f.number(r.quantity)}
                    </td>
                    <td className="num" data-testid="cost-row-cost">
                      {f.usd(r.costCents)}
                    </td>
                    <td className="num" data-testid="cost-row-total">
                      {f.usd(r.totalCents)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ))}
    </section>
  );
}
