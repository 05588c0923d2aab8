import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { BranchDto, TransferDto } from '@dukan/contracts';
import { Modal } from '../../../components/ui/modal.js';
import { useFormat } from '../../../i18n/format.js';
import { useCan, useCurrentUser } from '../../auth/index.js';
import { usePageSizedTo } from '../../pos/index.js';
import { useTransferSenderQuery } from '../api/transfers-api.js';
import { branchName } from '../lib/use-chain.js';

const SIGNATURES = ['signSent', 'signDriver', 'signReceived'] as const;

/** Who sent the transfer: the signed-in user when it was them, else as the staff list says (when they may read it). */
function useSender(sentBy: string | null): string | null {
  const me = useCurrentUser();
  const mayReadStaff = useCan('staff', 'view');
  const mine = !!me && sentBy === me._id;
  const { data } = useTransferSenderQuery(sentBy ?? '', { skip: !sentBy || mine || !mayReadStaff });
  if (mine) return `${me.firstName} ${me.lastName}`.trim();
  return data ?? null;
}

interface PaperProps {
  transfer: TransferDto;
  branches: readonly BranchDto[];
  sender: string | null;
  forPrint?: boolean;
}

/** The note that travels with the goods, laid out like the till's receipt (58 mm on paper). */
function NotePaper({ transfer, branches, sender, forPrint = false }: PaperProps) {
  // The printed copy repeats the on-screen one; only the latter carries test ids.
  const tid = (id: string) => (forPrint ? undefined : id);
  const { t } = useTranslation();
  const f = useFormat();
  const counted = transfer.lines.some((l) => l.received !== null);
  const meta: [string, string, string?][] = [
    [t('transfers.note.from'), branchName(branches, transfer.fromBranch), 'note-from'],
    [t('transfers.note.to'), branchName(branches, transfer.toBranch), 'note-to'],
    [t('transfers.note.sentAt'), f.dateTime(transfer.sentAt)],
    ...(sender ? [[t('transfers.note.sentBy'), sender, 'note-sender'] as [string, string, string]] : []),
    [t('transfers.note.state'), t(`transfers.states.${transfer.state}`)],
  ];
  return (
    <div className="receipt-paper transfer-note" data-testid={tid('transfer-note')}>
      <div className="receipt-center">
        <strong className="receipt-shop">{t('common.appName')}</strong>
        <div>{t('transfers.note.title')}</div>
      </div>
      <div className="receipt-meta">
        <div>
          <span>{t('transfers.note.number')}</span> <bdi data-testid={tid('note-number')}>{transfer.number}</bdi>
        </div>
        {meta.map(([label, value, id]) => (
          <div key={label}>
            <span>{label}</span> <span data-testid={id && tid(id)}>{value}</span>
          </div>
        ))}
      </div>
      <table className="receipt-items">
        <thead>
          <tr>
            <th>{t('transfers.note.product')}</th>
            <th className="num">{t('transfers.note.sent')}</th>
            {counted && <th className="num">{t('transfers.note.received')}</th>}
          </tr>
        </thead>
        <tbody>
          {transfer.lines.map((l) => (
            <tr key={l.productId} data-testid={tid('note-line')}>
              <td>
                <div>{f.language === 'ku' ? l.name.ku || l.name.en : l.name.en}</div>
                <div className="transfer-note-sku">
                  <bdi>{l.sku}</bdi>
                </div>
              </td>
              <td className="num">{f.number(l.sent)}</td>
              {counted && <td className="num">{l.received === null ? '—' : f.number(l.received)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="receipt-meta">
        <div>
          <span>{t('transfers.note.total')}</span> <span>{f.number(transfer.lines.reduce((n, l) => n + l.sent, 0))}</span>
        </div>
      </div>
      {transfer.note && (
        <p className="transfer-note-text" data-testid={tid('note-text')}>
          {t('transfers.note.note')}: <bdi>{transfer.note}</bdi>
        </p>
      )}
      {transfer.receiveNote && (
        <p className="transfer-note-text">
          {t('transfers.note.receiveNote')}: <bdi>{transfer.receiveNote}</bdi>
        </p>
      )}
      <div className="transfer-signatures">
        {SIGNATURES.map((k) => (
          <div key={k} className="transfer-signature">
            <span>{t(`transfers.note.${k}`)}</span>
          </div>
        ))}
      </div>
    </div>
  );
}

/** The note on screen with a Print button; the printed copy is laid out at paper width outside the app, as the receipt's. */
export function TransferNoteDialog({
  transfer,
  branches,
  onClose,
}: {
  transfer: TransferDto;
  branches: readonly BranchDto[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const sender = useSender(transfer.sentBy);
  const printRoot = useRef<HTMLDivElement>(null);
  usePageSizedTo(printRoot);
  return (
    <>
      <Modal
        title={t('transfers.note.title')}
        onClose={onClose}
        testId="transfer-note-dialog"
        footer={
          <>
            <button type="button" className="button" onClick={onClose}>
              {t('common.close')}
            </button>
            <button type="button" className="button primary" autoFocus onClick={() => window.print()} data-testid="print-note">
              {t('transfers.print')}
            </button>
          </>
        }
      >
        <NotePaper transfer={transfer} branches={branches} sender={sender} />
      </Modal>
      {createPortal(
        <div className="print-root" ref={printRoot} aria-hidden="true">
          <NotePaper transfer={transfer} branches={branches} sender={sender} forPrint />
        </div>,
        document.body,
      )}
    </>
  );
}
