import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can, type SaleDto, type SaleRefundResultDto, type SaleTender } from '@dukan/contracts';
import { errorText, validationMessages } from '../../../app/api.js';
import { DialogActions } from '../../../components/ui/dialog-actions.js';
import { Modal } from '../../../components/ui/modal.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useFormat } from '../../../i18n/format.js';
import { isDefinitiveRefusal, newIdempotencyKey } from '../../../lib/idempotency-key.js';
import { useCurrentUser } from '../../auth/index.js';
import { lineName, ltr, useTransactionsOneQuery, useTransactionsRefundMutation } from '../../transactions/index.js';
import { useMinorMoney } from '../hooks/use-money.js';
import { exchangeOf, returnable, returnChoice, type PendingExchange } from './return-choice.js';

/** The money of a sale exact in its own currency (dollars or whole dinars) as minor units. */
const minorOf = (sale: Pick<SaleDto, 'currency'>, major: number) => (sale.currency === 'USD' ? Math.round(major * 100) : major);

/**
 * A return at the till from a receipt's invoice number (scanned or typed): the sale's lines with what was sold and
 * already returned, the units to return (never more than are left), then the refund (POST .../refund), once
 * however often confirm is pressed. Afterwards it says what to give back and where.
 */
export function ReturnDialog({
  invoice,
  onClose,
  onExchange,
}: {
  invoice: string;
  onClose: () => void;
  /** The units chosen are to pay for new items: the till takes them into the sale it is making. */
  onExchange?: (exchange: PendingExchange) => void;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  // As the server's route: the till's refund, or the back office's.
  const allowed = can(user, 'pos', 'refund') || can(user, 'transactions', 'refund');
  const found = useTransactionsOneQuery(invoice, { skip: !allowed, refetchOnMountOrArgChange: true });
  const [result, setResult] = useState<SaleRefundResultDto | null>(null);
  const title = t('pos.returns.title', { invoice: ltr(invoice) });

  let body: React.ReactNode;
  if (!allowed) body = <p data-testid="return-message">{t('pos.returns.needsPermission')}</p>;
  else if (found.isLoading || found.isFetching) body = <Spinner label={t('pos.returns.loading')} />;
  else if (found.error || !found.data) {
    const status = (found.error as { status?: unknown } | undefined)?.status;
    body = (
      <p className="form-error" role="alert" data-testid="return-message">
        {status === 404 ? t('pos.returns.notFound', { invoice: ltr(invoice) }) : errorText(found.error, t('pos.returns.loadFailed'))}
      </p>
    );
  } else if (found.data.status === 'voided') body = <p data-testid="return-message">{t('pos.returns.voided')}</p>;
  else if (!found.data.items.some((l) => returnable(l) > 0) && !result)
    body = <p data-testid="return-message">{t('pos.returns.nothingLeft')}</p>;
  else return <ReturnForm sale={found.data} title={title} result={result} onDone={setResult} onClose={onClose} onExchange={onExchange} />;

  return (
    <Modal
      title={title}
      onClose={onClose}
      testId="return-dialog"
      className="return-dialog"
      footer={<DialogActions onCancel={onClose} onConfirm={onClose} confirmLabel={t('common.close')} done />}
    >
      {body}
    </Modal>
  );
}

interface ReturnFormProps {
  sale: SaleDto;
  title: string;
  result: SaleRefundResultDto | null;
  onDone: (result: SaleRefundResultDto) => void;
  onClose: () => void;
  onExchange?: (exchange: PendingExchange) => void;
}

function ReturnForm({ sale, title, result, onDone, onClose, onExchange }: ReturnFormProps) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const money = useMinorMoney();
  const [refund, { isLoading }] = useTransactionsRefundMutation();
  const key = useRef(newIdempotencyKey());
  const sending = useRef(false);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const shown = result?.transaction ?? sale;
  const choice = returnChoice(shown.items, typed);
  const problems = Object.entries(choice.problems);
  const nameOf = (lineId: string) => lineName(shown.items.find((l) => l._id === lineId)?.productSnapshot.name, i18n.language);

  async function submit() {
    if (sending.current || problems.length > 0) return;
    if (choice.lines.length === 0) return setError(t('pos.returns.chooseSomething'));
    sending.current = true;
    setError(null);
    try {
      const done = await refund({
        id: sale._id,
        idempotencyKey: key.current,
        body: { lines: choice.lines, ...(reason.trim() ? { reason: reason.trim() } : {}), restock },
      }).unwrap();
      onDone(done);
    } catch (err) {
      if (isDefinitiveRefusal(err, 'refused')) key.current = newIdempotencyKey();
      setError([errorText(err, t('pos.returns.failed')), ...validationMessages(err)].filter((v, i, all) => all.indexOf(v) === i).join(' '));
    } finally {
      sending.current = false;
    }
  }

  const returnAll = () => {
    setTyped(Object.fromEntries(shown.items.filter((l) => returnable(l) > 0).map((l) => [l._id, String(returnable(l))])));
    setError(null);
  };
  const tenderLabel = (tn: SaleTender) =>
    tn.method === 'cash' ? t('pos.returns.giveBack.cash', { currency: tn.currency }) : t(`pos.returns.giveBack.${tn.method}`);

  return (
    <Modal
      title={title}
      onClose={() => !isLoading && onClose()}
      testId="return-dialog"
      className="return-dialog"
      footer={
        <DialogActions
          onCancel={onClose}
          onConfirm={() => void submit()}
          confirmLabel={t('pos.returns.confirm')}
          busy={isLoading}
          busyLabel={t('pos.returns.returning')}
          blocked={problems.length > 0 || choice.lines.length === 0}
          done={result !== null}
          confirmTestId="return-confirm"
        />
      }
    >
      <p className="muted small">
        {t('pos.returns.soldOn', {
          date: f.dateTime(sale.createdAt),
          total: money(minorOf(sale, sale.amountsInCurrency.total), sale.currency),
        })}
      </p>
      <div className="table-scroll">
        <table className="table compact return-lines">
          <thead>
            <tr>
              <th>{t('pos.returns.product')}</th>
              <th className="num">{t('pos.returns.sold')}</th>
              <th className="num">{t('pos.returns.returned')}</th>
              {!result && <th className="num">{t('pos.returns.toReturn')}</th>}
            </tr>
          </thead>
          <tbody>
            {shown.items.map((l) => {
              const name = lineName(l.productSnapshot.name, i18n.language);
              const left = returnable(l);
              return (
                <tr key={l._id} data-testid="return-line" data-sku={l.productSnapshot.sku}>
                  <td>{name}</td>
                  <td className="num" data-testid="return-sold">
                    {f.number(l.quantity)}
                  </td>
                  <td className="num" data-testid="return-returned">
                    {f.number(l.refundedQuantity)}
                  </td>
                  {!result && (
                    <td className="num">
                      <input
                        type="text"
                        inputMode="numeric"
                        className="return-quantity"
                        value={typed[l._id] ?? ''}
                        placeholder={f.number(0)}
                        disabled={left === 0}
                        aria-label={t('pos.returns.quantityOf', { name })}
                        aria-invalid={choice.problems[l._id] ? true : undefined}
                        onChange={(e) => {
                          setTyped((q) => ({ ...q, [l._id]: e.target.value }));
                          setError(null);
                        }}
                        data-testid="return-quantity"
                      />
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {problems.map(([lineId, p]) => (
        <p key={lineId} className="field-error" role="alert" data-testid="return-problem">
          {p.kind === 'tooMany'
            ? t('pos.returns.tooMany', { max: f.number(p.max), name: nameOf(lineId) })
            : t('pos.returns.notWhole', { name: nameOf(lineId) })}
        </p>
      ))}
      {result ? (
        <div className="info-box" role="status" data-testid="return-done">
          <p>{t('pos.returns.done', { invoice: ltr(sale.invoiceNumber) })}</p>
          <dl className="return-given">
            {result.refund.tenders.map((tn, i) => (
              <div key={i} data-testid="return-given">
                <dt>{tenderLabel(tn)}</dt>
                <dd>
                  <bdi dir="ltr">{money(tn.amountMinor, tn.currency)}</bdi>
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ) : (
        <>
          <div className="row gap">
            <button type="button" className="button" onClick={returnAll} data-testid="return-all">
              {t('pos.returns.returnAll')}
            </button>
            {onExchange && (
              <button
                type="button"
                className="button"
                disabled={isLoading || problems.length > 0 || choice.lines.length === 0}
                onClick={() => onExchange(exchangeOf(shown, choice.lines, restock))}
                data-testid="return-exchange"
              >
                {t('pos.returns.exchange')}
              </button>
            )}
          </div>
          <label className="field">
            <span>{t('pos.returns.reason')}</span>
            <textarea value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} dir="auto" data-testid="return-reason" />
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} data-testid="return-restock" />
            {t('pos.returns.restock')}
          </label>
        </>
      )}
      {error && (
        <p className="form-error" role="alert" data-testid="return-error">
          {error}
        </p>
      )}
    </Modal>
  );
}
