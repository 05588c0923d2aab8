import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/api.js';
import { useCategoriesQuery } from '../../../app/shared-api.js';
import { AccessRestricted } from '../../../components/ui/access-restricted.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Modal } from '../../../components/ui/modal.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useFormat } from '../../../i18n/format.js';
import { useCan } from '../../auth/index.js';
import { useNegativeStockQuery, useStartStocktakeMutation, useStocktakesQuery } from '../api/stocktakes-api.js';
import '../stocktakes.css';

const nameIn = (language: string, name: { en: string; ku: string }) => (language === 'ku' ? name.ku || name.en : name.en);

/** /inventory/stocktakes: this branch's stocktakes, starting one, and the products sold below zero. */
export default function StocktakesPage() {
  const canView = useCan('products', 'view');
  const canSell = useCan('pos', 'use');
  return canView || canSell ? <Stocktakes /> : <AccessRestricted />;
}

function Stocktakes() {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const canManage = useCan('products', 'edit');
  const canView = useCan('products', 'view');
  const list = useStocktakesQuery();
  const negative = useNegativeStockQuery(undefined, { skip: !canView });
  const [starting, setStarting] = useState(false);

  return (
    <section className="page stocktakes" data-testid="stocktakes-page">
      <header className="page-header">
        <div>
          <h1>{t('stocktakes.title')}</h1>
          <p className="muted">{t('stocktakes.subtitle')}</p>
        </div>
        <div className="row gap">
          {canView && (
            <Link className="button" to="/inventory/products">
              {t('nav.inventory')}
            </Link>
          )}
          {canManage && (
            <button type="button" className="button primary" onClick={() => setStarting(true)} data-testid="start-stocktake">
              {t('stocktakes.start')}
            </button>
          )}
        </div>
      </header>
      <div className="panel">
        {list.isError ? (
          <ErrorPanel message={errorText(list.error, t('stocktakes.fetchError'))} onRetry={() => void list.refetch()} />
        ) : !list.data ? (
          <Spinner label={t('stocktakes.loading')} />
        ) : list.data.data.length === 0 ? (
          <p className="empty-state">{t('stocktakes.empty')}</p>
        ) : (
          <div className="table-scroll">
            <table className="table" data-testid="stocktakes-table">
              <thead>
                <tr>
                  <th>{t('stocktakes.columns.number')}</th>
                  <th>{t('stocktakes.columns.scope')}</th>
                  <th className="num">{t('stocktakes.columns.counted')}</th>
                  <th>{t('stocktakes.columns.started')}</th>
                  <th>{t('stocktakes.columns.state')}</th>
                  <th className="actions-cell">{t('stocktakes.columns.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((st) => (
                  <tr key={st._id} data-testid="stocktake-row" data-number={st.number}>
                    <td dir="ltr">{st.number}</td>
                    <td>
                      {st.categories.length === 0
                        ? t('stocktakes.wholeBranch')
                        : st.categories.map((c) => nameIn(i18n.language, c.name)).join('، ')}
                    </td>
                    <td className="num">{f.number(st.countedProducts)}</td>
                    <td>{f.dateTime(st.createdAt)}</td>
                    <td>
                      <span className={`badge state-${st.state}`} data-testid="stocktake-state">
                        {t(`stocktakes.states.${st.state}`)}
                      </span>
                    </td>
                    <td className="actions-cell">
                      <Link className="button small" to={`/inventory/stocktakes/${st._id}`} data-testid="open-stocktake">
                        {t('stocktakes.open')}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {canView && (
        <div className="panel" data-testid="negative-stock">
          <h2>{t('stocktakes.negative.title')}</h2>
          <p className="muted">{t('stocktakes.negative.hint')}</p>
          {!negative.data ? (
            <Spinner label={t('stocktakes.loading')} />
          ) : negative.data.length === 0 ? (
            <p>{t('stocktakes.negative.none')}</p>
          ) : (
            <table className="table compact">
              <thead>
                <tr>
                  <th>{t('stocktakes.negative.product')}</th>
                  <th className="num">{t('stocktakes.negative.quantity')}</th>
                </tr>
              </thead>
              <tbody>
                {negative.data.map((n) => (
                  <tr key={n.productId} data-testid="negative-row">
                    <td>
                      {nameIn(i18n.language, n.name)} <bdi className="muted">{n.sku}</bdi>
                    </td>
                    <td className="num negative">{f.number(n.quantity)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
      {starting && <StartDialog onClose={() => setStarting(false)} />}
    </section>
  );
}

function StartDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const categories = useCategoriesQuery('all');
  const [start, { isLoading }] = useStartStocktakeMutation();
  const [whole, setWhole] = useState(true);
  const [chosen, setChosen] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const valid = whole || chosen.length > 0;

  async function submit() {
    if (!valid) return;
    setError(null);
    try {
      const { data } = await start({ categories: whole ? [] : chosen, ...(note.trim() && { note: note.trim() }) }).unwrap();
      void navigate(`/inventory/stocktakes/${data._id}`);
    } catch (e) {
      setError(errorText(e, t('stocktakes.fetchError')));
    }
  }

  return (
    <Modal
      title={t('stocktakes.startTitle')}
      onClose={onClose}
      testId="start-stocktake-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="button primary"
            disabled={!valid || isLoading}
            onClick={() => void submit()}
            data-testid="confirm-start"
          >
            {isLoading ? t('stocktakes.starting') : t('stocktakes.start')}
          </button>
        </>
      }
    >
      <label className="checkbox">
        <input type="radio" checked={whole} onChange={() => setWhole(true)} name="scope" data-testid="scope-whole" />
        <span>{t('stocktakes.wholeBranch')}</span>
      </label>
      <label className="checkbox">
        <input type="radio" checked={!whole} onChange={() => setWhole(false)} name="scope" data-testid="scope-some" />
        <span>{t('stocktakes.someCategories')}</span>
      </label>
      {!whole && (
        <ul className="category-picks">
          {(categories.data ?? []).map((c) => (
            <li key={c._id}>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={chosen.includes(c._id)}
                  onChange={(e) => setChosen(e.target.checked ? [...chosen, c._id] : chosen.filter((x) => x !== c._id))}
                />
                <span>{nameIn(i18n.language, c.name)}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <label className="field">
        <span>{t('stocktakes.note')}</span>
        <input value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
