import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StocktakeDto } from '@dukan/contracts';
import { errorText, validationMessages } from '../../../app/api.js';
import { AccessRestricted } from '../../../components/ui/access-restricted.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useFormat } from '../../../i18n/format.js';
import { toWesternDigits } from '../../../lib/money.js';
import { useCan } from '../../auth/index.js';
import {
  useAddCountsMutation,
  useApproveStocktakeMutation,
  useCancelStocktakeMutation,
  useStocktakeCountsQuery,
  useStocktakeQuery,
  useVarianceQuery,
} from '../api/stocktakes-api.js';
import '../stocktakes.css';

const nameIn = (language: string, name: { en: string; ku: string }) => (language === 'ku' ? name.ku || name.en : name.en);
const failure = (e: unknown, fallback: string) => validationMessages(e)[0] ?? errorText(e, fallback);

/** A line under a form: a text key of the catalogue with its values (it follows a change of language), or the server's words. */
type Message = { ok: true; key: string; values: Record<string, string | number> } | { ok: false; text: string };

/** /inventory/stocktakes/:id: counting by scan or typing (blind), and for a manager the variance and its approval. */
export default function StocktakePage() {
  const canView = useCan('products', 'view');
  const canSell = useCan('pos', 'use');
  return canView || canSell ? <Stocktake /> : <AccessRestricted />;
}

function Stocktake() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const canManage = useCan('products', 'edit');
  const take = useStocktakeQuery(id);
  if (take.isError) return <ErrorPanel message={errorText(take.error, t('stocktakes.fetchError'))} onRetry={() => void take.refetch()} />;
  if (!take.data) return <Spinner label={t('stocktakes.loading')} />;
  const st = take.data;
  return (
    <section className="page stocktakes" data-testid="stocktake-page">
      <header className="page-header">
        <div>
          <h1>{t('stocktakes.count.title', { number: st.number })}</h1>
          <p className="muted">
            <span className={`badge state-${st.state}`} data-testid="stocktake-state" data-state={st.state}>
              {t(`stocktakes.states.${st.state}`)}
            </span>
          </p>
        </div>
        <Link className="button" to="/inventory/stocktakes">
          {t('stocktakes.count.back')}
        </Link>
      </header>
      {st.state === 'counting' && <CountPanel stocktake={st} />}
      {canManage && <VariancePanel stocktake={st} />}
    </section>
  );
}

function CountPanel({ stocktake }: { stocktake: StocktakeDto }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const counts = useStocktakeCountsQuery(stocktake._id);
  const [add, { isLoading }] = useAddCountsMutation();
  const [code, setCode] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [message, setMessage] = useState<Message | null>(null);
  const field = useRef<HTMLInputElement>(null);

  async function submit() {
    const barcode = toWesternDigits(code.trim());
    const qty = Math.trunc(Number(toWesternDigits(quantity.trim()) || '1'));
    if (!barcode || !Number.isFinite(qty) || qty === 0 || isLoading) return;
    try {
      const { data } = await add({ id: stocktake._id, lines: [{ barcode, quantity: qty }] }).unwrap();
      const line = data[0]!;
      setMessage({
        ok: true,
        key: 'stocktakes.count.added',
        values: { name: nameIn(i18n.language, line.name), counted: f.number(line.counted) },
      });
      setCode('');
      setQuantity('1');
    } catch (e) {
      setMessage({ ok: false, text: failure(e, t('stocktakes.count.error')) });
    }
    field.current?.focus();
  }

  return (
    <div className="panel" data-testid="count-panel">
      <p className="muted">{t('stocktakes.count.hint')}</p>
      <form
        className="count-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label className="field">
          <span>{t('stocktakes.count.scan')}</span>
          <input
            ref={field}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoFocus
            autoComplete="off"
            dir="ltr"
            data-testid="count-code"
          />
        </label>
        <label className="field">
          <span>{t('stocktakes.count.quantity')}</span>
          <input inputMode="numeric" value={quantity} onChange={(e) => setQuantity(e.target.value)} data-testid="count-quantity" />
        </label>
        <button type="submit" className="button primary" disabled={isLoading} data-testid="count-add">
          {t('stocktakes.count.add')}
        </button>
      </form>
      {message && (
        <p className={message.ok ? 'info-box' : 'form-error'} role={message.ok ? 'status' : 'alert'} data-testid="count-message">
          {message.ok ? t(message.key, message.values) : message.text}
        </p>
      )}
      <h2>{t('stocktakes.count.counted')}</h2>
      {!counts.data ? (
        <Spinner label={t('stocktakes.loading')} />
      ) : counts.data.data.length === 0 ? (
        <p>{t('stocktakes.count.none')}</p>
      ) : (
        <table className="table compact" data-testid="counts-table">
          <thead>
            <tr>
              <th>{t('stocktakes.count.product')}</th>
              <th className="num">{t('stocktakes.count.total')}</th>
            </tr>
          </thead>
          <tbody>
            {counts.data.data.map((c) => (
              <tr key={c.productId} data-testid="count-row" data-sku={c.sku}>
                <td>
                  {nameIn(i18n.language, c.name)} <bdi className="muted">{c.sku}</bdi>
                </td>
                <td className="num" data-testid="count-total">
                  {f.number(c.counted)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function VariancePanel({ stocktake }: { stocktake: StocktakeDto }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const variance = useVarianceQuery(stocktake._id);
  const [approve, { isLoading }] = useApproveStocktakeMutation();
  const [cancel, { isLoading: cancelling }] = useCancelStocktakeMutation();
  const [uncounted, setUncounted] = useState<'keep' | 'zero'>('keep');
  const [message, setMessage] = useState<Message | null>(null);
  const counting = stocktake.state === 'counting';

  async function submit() {
    try {
      const { data } = await approve({ id: stocktake._id, uncounted }).unwrap();
      setMessage({ ok: true, key: 'stocktakes.variance.approved', values: { number: data.number } });
    } catch (e) {
      setMessage({ ok: false, text: failure(e, t('stocktakes.variance.error')) });
    }
  }

  if (variance.isError)
    return <ErrorPanel message={errorText(variance.error, t('stocktakes.fetchError'))} onRetry={() => void variance.refetch()} />;
  if (!variance.data) return <Spinner label={t('stocktakes.loading')} />;
  const v = variance.data;
  return (
    <div className="panel" data-testid="variance-panel">
      <h2>{t('stocktakes.variance.title')}</h2>
      <p data-testid="variance-totals">
        {t('stocktakes.variance.totals', {
          over: f.number(v.totals.unitsOver),
          short: f.number(v.totals.unitsShort),
          units: f.number(v.totals.varianceUnits),
          value: f.usd(v.totals.varianceCostCents),
        })}
      </p>
      {v.uncounted > 0 && <p className="muted">{t('stocktakes.variance.uncounted', { count: v.uncounted })}</p>}
      <div className="table-scroll">
        <table className="table compact" data-testid="variance-table">
          <thead>
            <tr>
              <th>{t('stocktakes.variance.product')}</th>
              <th className="num">{t('stocktakes.variance.counted')}</th>
              <th className="num">{t('stocktakes.variance.expected')}</th>
              <th className="num">{t('stocktakes.variance.difference')}</th>
              <th className="num">{t('stocktakes.variance.value')}</th>
            </tr>
          </thead>
          <tbody>
            {v.lines.map((l) => (
              <tr key={l.productId} data-testid="variance-row" data-sku={l.sku}>
                <td>
                  {nameIn(i18n.language, l.name)} <bdi className="muted">{l.sku}</bdi>
                </td>
                <td className="num">{l.counted === null ? t('stocktakes.variance.notCounted') : f.number(l.counted)}</td>
                <td className="num">{f.number(l.expected)}</td>
                <td className="num" data-testid="variance-difference">
                  {f.number(l.variance)}
                </td>
                <td className="num">{f.usd(l.varianceCostCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {counting && (
        <div className="row gap">
          {v.uncounted > 0 && (
            <select
              value={uncounted}
              onChange={(e) => setUncounted(e.target.value as 'keep' | 'zero')}
              aria-label={t('stocktakes.variance.uncountedKeep')}
            >
              <option value="keep">{t('stocktakes.variance.uncountedKeep')}</option>
              <option value="zero">{t('stocktakes.variance.uncountedZero')}</option>
            </select>
          )}
          <button
            type="button"
            className="button primary"
            disabled={isLoading}
            onClick={() => void submit()}
            data-testid="approve-stocktake"
          >
            {isLoading ? t('stocktakes.variance.approving') : t('stocktakes.variance.approve')}
          </button>
          <button type="button" className="button danger" disabled={cancelling} onClick={() => void cancel(stocktake._id)}>
            {t('stocktakes.variance.cancel')}
          </button>
        </div>
      )}
      {message && (
        <p className={message.ok ? 'info-box' : 'form-error'} role={message.ok ? 'status' : 'alert'} data-testid="approve-message">
          {message.ok ? t(message.key, message.values) : message.text}
        </p>
      )}
    </div>
  );
}
