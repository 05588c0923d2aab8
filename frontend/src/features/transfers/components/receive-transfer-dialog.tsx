import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BranchDto, TransferDto } from '@dukan/contracts';
import { errorText, validationMessages } from '../../../app/api.js';
import { Modal } from '../../../components/ui/modal.js';
import { useFormat } from '../../../i18n/format.js';
import { toWesternDigits } from '../../../lib/money.js';
import { useReceiveTransferMutation } from '../api/transfers-api.js';
import { branchName, type Notice } from '../lib/use-chain.js';
import { NoteAndError } from './note-and-error.js';

interface Props {
  transfer: TransferDto;
  branches: readonly BranchDto[];
  onDone: (notice: Notice) => void;
  onClose: () => void;
}

/** Counts in what arrived (all of it, unless changed); a repeat of the same receipt changes nothing on the server. */
export function ReceiveTransferDialog({ transfer, branches, onDone, onClose }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const [receive, { isLoading }] = useReceiveTransferMutation();
  const [counts, setCounts] = useState<Record<string, string>>(() =>
    Object.fromEntries(transfer.lines.map((l) => [l.productId, String(l.sent)])),
  );
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const parsed = transfer.lines.map((l) => ({
    product: l.productId,
    quantity: Math.floor(Number(toWesternDigits(counts[l.productId] ?? ''))),
  }));
  const valid = parsed.every((p, i) => Number.isInteger(p.quantity) && p.quantity >= 0 && p.quantity <= transfer.lines[i]!.sent);

  async function submit() {
    if (!valid || isLoading) return;
    setError(null);
    try {
      const { data } = await receive({ id: transfer._id, lines: parsed, ...(note.trim() && { note: note.trim() }) }).unwrap();
      onDone({ key: data.state === 'short' ? 'transfers.receiveDialog.short' : 'transfers.receiveDialog.received', number: data.number });
      onClose();
    } catch (err) {
      setError(
        [errorText(err, t('transfers.receiveDialog.error')), ...validationMessages(err)]
          .filter((v, i, all) => all.indexOf(v) === i)
          .join(' '),
      );
    }
  }

  return (
    <Modal
      title={t('transfers.receiveDialog.title', { number: transfer.number })}
      onClose={() => !isLoading && onClose()}
      testId="receive-transfer-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={isLoading}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="button primary"
            onClick={() => void submit()}
            disabled={!valid || isLoading}
            data-testid="receive-confirm"
          >
            {isLoading ? t('transfers.receiveDialog.receiving') : t('transfers.receiveDialog.submit')}
          </button>
        </>
      }
    >
      <p>{t('transfers.receiveDialog.intro', { from: branchName(branches, transfer.fromBranch) })}</p>
      <ul className="transfer-lines">
        {transfer.lines.map((l) => {
          const name = f.language === 'ku' ? l.name.ku || l.name.en : l.name.en;
          return (
            <li key={l.productId} className="transfer-line" data-testid="receive-line">
              <span>
                {name} <span className="muted small">({t('transfers.unitsSent', { sent: f.number(l.sent) })})</span>
              </span>
              <input
                type="number"
                inputMode="numeric"
                min={0}
                max={l.sent}
                step={1}
                value={counts[l.productId] ?? ''}
                aria-label={`${t('transfers.receiveDialog.arrived')}: ${name}`}
                onChange={(e) => setCounts((c) => ({ ...c, [l.productId]: e.target.value }))}
                data-testid="receive-quantity"
              />
            </li>
          );
        })}
      </ul>
      <NoteAndError label={t('transfers.receiveDialog.note')} note={note} onNote={setNote} error={error} testId="receive" />
    </Modal>
  );
}
