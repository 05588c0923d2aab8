import { useTranslation } from 'react-i18next';
import type { BranchDto, TransferDto } from '@dukan/contracts';
import { RowActions } from '../../../components/ui/row-actions.js';
import { useFormat } from '../../../i18n/format.js';
import { branchName } from '../lib/use-chain.js';

const STATE_CLASS = { in_transit: 'warning', received: 'success', short: 'danger', cancelled: 'muted' } as const;

interface Props {
  transfers: TransferDto[];
  branches: readonly BranchDto[];
  /** The branch this device works in: in transit, what was sent to it can be received here, what it sent cancelled. */
  current: string;
  canEdit: boolean;
  onReceive: (transfer: TransferDto) => void;
  onCancel: (transfer: TransferDto) => void;
  onPrint: (transfer: TransferDto) => void;
  busy: boolean;
}

/** Transfers leaving or reaching this branch, newest first. */
export function TransfersTable({ transfers, branches, current, canEdit, onReceive, onCancel, onPrint, busy }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const name = (p: TransferDto['lines'][number]) => (f.language === 'ku' ? p.name.ku || p.name.en : p.name.en);
  return (
    <div className={`table-scroll ${busy ? 'is-fetching' : ''}`} aria-busy={busy}>
      <table className="table" data-testid="transfers-table">
        <thead>
          <tr>
            <th>{t('transfers.columns.number')}</th>
            <th>{t('transfers.columns.from')}</th>
            <th>{t('transfers.columns.to')}</th>
            <th>{t('transfers.columns.products')}</th>
            <th>{t('transfers.columns.sent')}</th>
            <th>{t('transfers.columns.state')}</th>
            <th className="actions-cell">{t('transfers.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {transfers.map((tr) => (
            <tr key={tr._id} data-testid="transfer-row" data-number={tr.number}>
              <td dir="ltr">{tr.number}</td>
              <td>{branchName(branches, tr.fromBranch)}</td>
              <td>{branchName(branches, tr.toBranch)}</td>
              <td>
                <ul className="plain-list">
                  {tr.lines.map((l) => (
                    <li key={l.productId}>
                      {name(l)}:{' '}
                      {l.received === null
                        ? t('transfers.unitsSent', { sent: f.number(l.sent) })
                        : t('transfers.unitsSentReceived', { sent: f.number(l.sent), received: f.number(l.received) })}
                    </li>
                  ))}
                </ul>
              </td>
              <td>{f.dateTime(tr.sentAt)}</td>
              <td>
                <span className={`badge ${STATE_CLASS[tr.state]}`} data-testid="transfer-state" data-state={tr.state}>
                  {t(`transfers.states.${tr.state}`)}
                </span>
              </td>
              <td className="actions-cell">
                <RowActions
                  remove={
                    canEdit &&
                    tr.state === 'in_transit' &&
                    tr.fromBranch === current && {
                      label: t('transfers.cancel'),
                      ariaLabel: t('transfers.cancelNamed', { number: tr.number }),
                      testId: 'cancel-transfer',
                      onClick: () => onCancel(tr),
                    }
                  }
                >
                  {canEdit && tr.state === 'in_transit' && tr.toBranch === current && (
                    <button
                      type="button"
                      className="button small"
                      onClick={() => onReceive(tr)}
                      aria-label={t('transfers.receiveNamed', { number: tr.number })}
                      data-testid="receive-transfer"
                    >
                      {t('transfers.receive')}
                    </button>
                  )}
                  <button
                    type="button"
                    className="button small"
                    onClick={() => onPrint(tr)}
                    aria-label={t('transfers.printNamed', { number: tr.number })}
                    data-testid="print-transfer"
                  >
                    {t('transfers.print')}
                  </button>
                </RowActions>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
