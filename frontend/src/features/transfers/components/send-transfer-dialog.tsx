import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductDto } from '@dukan/contracts';
import { errorText, validationMessages } from '../../../app/api.js';
import { Modal } from '../../../components/ui/modal.js';
import { useFormat } from '../../../i18n/format.js';
import { newIdempotencyKey } from '../../../lib/idempotency-key.js';
import { toWesternDigits } from '../../../lib/money.js';
import { useSendTransferMutation, useTransferProductSearchQuery } from '../api/transfers-api.js';
import type { Chain, Notice } from '../lib/use-chain.js';
import { NoteAndError } from './note-and-error.js';

interface Line {
  product: ProductDto;
  quantity: string;
}

interface Props {
  chain: Chain;
  onDone: (notice: Notice) => void;
  onClose: () => void;
}

/**
 * Sends stock from this branch to another. One Idempotency-Key per dialog: a double click or a retried request
 * is the same transfer (a refused one stored nothing, so the corrected request may use the key again).
 */
export function SendTransferDialog({ chain, onDone, onClose }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const [send, { isLoading }] = useSendTransferMutation();
  const key = useRef(newIdempotencyKey());
  const [toBranch, setToBranch] = useState('');
  const [term, setTerm] = useState('');
  const [lines, setLines] = useState<Line[]>([]);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const search = useTransferProductSearchQuery(term.trim(), { skip: term.trim().length < 2 });
  const targets = chain.active.filter((b) => b._id !== chain.current);
  const name = (p: ProductDto) => (f.language === 'ku' ? p.name.ku || p.name.en : p.name.en);
  const counts = lines.map((l) => Math.floor(Number(toWesternDigits(l.quantity))) || 0);
  const canSubmit = !isLoading && toBranch !== '' && lines.length > 0 && counts.every((n) => n > 0);

  function add(p: ProductDto) {
    setLines((ls) => (ls.some((l) => l.product._id === p._id) ? ls : [...ls, { product: p, quantity: '1' }]));
    setTerm('');
    setError(null);
  }

  async function submit() {
    if (!canSubmit) return;
    setError(null);
    try {
      const { data } = await send({
        toBranch,
        idempotencyKey: key.current,
        lines: lines.map((l, i) => ({ product: l.product._id, quantity: counts[i]! })),
        ...(note.trim() && { note: note.trim() }),
      }).unwrap();
      onDone({ key: 'transfers.sendDialog.sent', number: data.number });
      onClose();
    } catch (err) {
      setError(
        [errorText(err, t('transfers.sendDialog.error')), ...validationMessages(err)].filter((v, i, all) => all.indexOf(v) === i).join(' '),
      );
    }
  }

  return (
    <Modal
      title={t('transfers.sendDialog.title')}
      onClose={() => !isLoading && onClose()}
      testId="send-transfer-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={isLoading}>
            {t('common.cancel')}
          </button>
          <button type="button" className="button primary" onClick={() => void submit()} disabled={!canSubmit} data-testid="send-confirm">
            {isLoading ? t('transfers.sendDialog.sending') : t('transfers.sendDialog.submit')}
          </button>
        </>
      }
    >
      <label className="field">
        <span>{t('transfers.sendDialog.toBranch')}</span>
        <select value={toBranch} onChange={(e) => setToBranch(e.target.value)} data-testid="send-to-branch">
          <option value="">{t('transfers.sendDialog.chooseBranch')}</option>
          {targets.map((b) => (
            <option key={b._id} value={b._id}>
              {b.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('transfers.sendDialog.product')}</span>
        <input
          type="search"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          placeholder={t('transfers.sendDialog.searchProduct')}
          autoComplete="off"
          data-testid="send-search"
        />
      </label>
      {term.trim().length >= 2 && search.data && (
        <ul className="transfer-matches" data-testid="send-matches">
          {search.data.length === 0 && <li className="muted">{t('transfers.sendDialog.noMatches')}</li>}
          {search.data.map((p) => (
            <li key={p._id}>
              <button type="button" className="link-button" onClick={() => add(p)} data-testid="send-match">
                {name(p)} <span className="muted small">({t('transfers.sendDialog.inStock', { quantity: f.number(p.quantity) })})</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {lines.length === 0 ? (
        <p className="muted">{t('transfers.sendDialog.noLines')}</p>
      ) : (
        <ul className="transfer-lines">
          {lines.map((l, i) => (
            <li key={l.product._id} className="transfer-line" data-testid="send-line">
              <span>
                {name(l.product)}{' '}
                <span className="muted small">({t('transfers.sendDialog.inStock', { quantity: f.number(l.product.quantity) })})</span>
              </span>
              <input
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={l.quantity}
                aria-label={`${t('transfers.sendDialog.quantity')}: ${name(l.product)}`}
                onChange={(e) => setLines((ls) => ls.map((x, j) => (j === i ? { ...x, quantity: e.target.value } : x)))}
                data-testid="send-quantity"
              />
              <button
                type="button"
                className="button small"
                onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}
                aria-label={t('transfers.sendDialog.removeNamed', { name: name(l.product) })}
              >
                {t('transfers.sendDialog.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <NoteAndError label={t('transfers.sendDialog.note')} note={note} onNote={setNote} error={error} testId="send" />
    </Modal>
  );
}
