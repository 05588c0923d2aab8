import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaleDto } from '@dukan/contracts';
import { errorText, validationMessages } from '../../../app/api.js';
import { Modal } from '../../../components/ui/modal.js';
import { DialogActions } from '../../../components/ui/dialog-actions.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useFormat } from '../../../i18n/format.js';
import { dollarsToCents, toWesternDigits } from '../../../lib/money.js';
import { useTransactionsRefundMutation } from '../api/transactions-api.js';
import { isDefinitiveRefusal, newIdempotencyKey } from '../../../lib/idempotency-key.js';
import { lineName, ltr, unitsLeft } from '../lib/sale-text.js';

interface RefundDialogProps {
  sale: SaleDto;
  onClose: () => void;
}

/**
 * Whole or partial refund (POST /api/transactions/:id/refund). One Idempotency-Key per dialog: a double click or
 * a retried request names the same refund. A refusal the server would repeat gets a fresh key for the next try.
 */
export function RefundDialog({ sale, onClose }: RefundDialogProps) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const toast = useToast();
  const [refund, { isLoading }] = useTransactionsRefundMutation();
  const key = useRef(newIdempotencyKey());
  const sending = useRef(false);
  const open = sale.items.filter((l) => unitsLeft(l) > 0);
  const [mode, setMode] = useState<'whole' | 'some'>('whole');
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const chosen = open
    .map((l) => ({
      line: l,
      quantity: Math.min(unitsLeft(l), Math.max(0, Math.floor(Number(toWesternDigits(quantities[l._id] ?? '0')) || 0))),
    }))
    .filter((c) => c.quantity > 0);
  // The server shares the sale's discounts over the lines; this is the same share, to the cent or so.
  const ratio = sale.subtotal > 0 ? sale.total / sale.subtotal : 0;
  const estimateCents =
    mode === 'whole'
      ? dollarsToCents(sale.total) - dollarsToCents(sale.refundedAmount ?? 0)
      : Math.round(chosen.reduce((sum, c) => sum + (dollarsToCents(c.line.subtotal) * c.quantity) / c.line.quantity, 0) * ratio);
  const nothing = open.length === 0;
  const canSubmit = !nothing && (mode === 'whole' || chosen.length > 0) && !isLoading;

  async function submit() {
    if (sending.current) return;
    if (mode === 'some' && chosen.length === 0) {
      setError(t('transactions.refund.chooseSomething'));
      return;
    }
    sending.current = true;
    setError(null);
    try {
      const result = await refund({
        id: sale._id,
        idempotencyKey: key.current,
        body: {
          ...(mode === 'some' ? { lines: chosen.map((c) => ({ lineId: c.line._id, quantity: c.quantity })) } : {}),
          ...(reason.trim() ? { reason: reason.trim() } : {}),
          restock,
        },
      }).unwrap();
      toast.success(
        t('transactions.refund.done', { amount: f.usd(dollarsToCents(result.refund.amount)), invoice: ltr(sale.invoiceNumber) }),
      );
      onClose();
    } catch (err) {
      if (isDefinitiveRefusal(err, 'refused')) key.current = newIdempotencyKey();
      setError(
        [errorText(err, t('transactions.refund.failed')), ...validationMessages(err)].filter((v, i, all) => all.indexOf(v) === i).join(' '),
      );
    } finally {
      sending.current = false;
    }
  }

  return (
    <Modal
      title={t('transactions.refund.title', { invoice: ltr(sale.invoiceNumber) })}
      onClose={() => !isLoading && onClose()}
      className="refund-dialog"
      testId="refund-dialog"
      footer={
        <DialogActions
          onCancel={onClose}
          onConfirm={() => void submit()}
          confirmLabel={t('transactions.refund.confirm')}
          busy={isLoading}
          busyLabel={t('transactions.refund.refunding')}
          blocked={!canSubmit}
          confirmTestId="refund-confirm"
        />
      }
    >
      {nothing ? (
        <p>{t('transactions.refund.nothingLeft')}</p>
      ) : (
        <>
          <div className="segmented" role="group" aria-label={t('transactions.refund.mode')}>
            <button
              type="button"
              className={mode === 'whole' ? 'active' : ''}
              aria-pressed={mode === 'whole'}
              onClick={() => setMode('whole')}
              data-testid="refund-whole"
            >
              {t('transactions.refund.whole')}
            </button>
            <button
              type="button"
              className={mode === 'some' ? 'active' : ''}
              aria-pressed={mode === 'some'}
              onClick={() => setMode('some')}
              data-testid="refund-some"
            >
              {t('transactions.refund.some')}
            </button>
          </div>
          {mode === 'some' && (
            <ul className="refund-lines">
              {open.map((l) => {
                const name = lineName(l.productSnapshot?.name, i18n.language);
                return (
                  <li key={l._id} className="refund-line" data-testid="refund-line" data-sku={l.productSnapshot?.sku}>
                    <div>
                      <div className="line-name">{name}</div>
                      <div className="muted small">
                        {t('transactions.refund.left', { n: f.number(unitsLeft(l)), sold: f.number(l.quantity) })}
                      </div>
                    </div>
                    <input
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={unitsLeft(l)}
                      step={1}
                      value={quantities[l._id] ?? ''}
                      placeholder={f.number(0)}
                      aria-label={t('transactions.refund.quantityOf', { name })}
                      onChange={(e) => {
                        setQuantities((q) => ({ ...q, [l._id]: e.target.value }));
                        setError(null);
                      }}
                      data-testid="refund-quantity"
                    />
                  </li>
                );
              })}
            </ul>
          )}
          <label className="field">
            <span>{t('transactions.refund.reason')}</span>
            <textarea value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} dir="auto" data-testid="refund-reason" />
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} data-testid="refund-restock" />
            {t('transactions.refund.restock')}
          </label>
          {estimateCents > 0 && (
            <p className="info-box" data-testid="refund-estimate">
              {t('transactions.refund.estimate', { amount: f.usd(estimateCents) })}
            </p>
          )}
        </>
      )}
      {error && (
        <p className="form-error" role="alert" data-testid="refund-error">
          {error}
        </p>
      )}
    </Modal>
  );
}
