import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TRANSFER_STATES, type TransferDto, type TransferState } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { AccessRestricted } from '../../../components/ui/access-restricted.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useCan } from '../../auth/index.js';
import { useTransfersQuery } from '../api/transfers-api.js';
import { CancelTransferDialog } from '../components/cancel-transfer-dialog.js';
import { ReceiveTransferDialog } from '../components/receive-transfer-dialog.js';
import { SendTransferDialog } from '../components/send-transfer-dialog.js';
import { TransferNoteDialog } from '../components/transfer-note.js';
import { TransfersTable } from '../components/transfers-table.js';
import { useChain, type Notice } from '../lib/use-chain.js';
import '../transfers.css';

const isState = (s: string | null): s is TransferState => (TRANSFER_STATES as readonly string[]).includes(s ?? '');

/** /inventory/transfers: the transfers leaving or reaching this branch, by state, with send, receive, cancel and a printed note. */
export default function TransfersPage() {
  const canView = useCan('products', 'view');
  return canView ? <Transfers /> : <AccessRestricted />;
}

function Transfers() {
  const { t } = useTranslation();
  const canEdit = useCan('products', 'edit');
  const chain = useChain();
  const [params, setParams] = useSearchParams();
  const state = isState(params.get('state')) ? (params.get('state') as TransferState) : '';
  const list = useTransfersQuery({ state });
  const [sending, setSending] = useState(false);
  const [receiving, setReceiving] = useState<TransferDto | null>(null);
  const [cancelling, setCancelling] = useState<TransferDto | null>(null);
  const [printing, setPrinting] = useState<TransferDto | null>(null);
  // Kept as a text key, so it follows a change of language.
  const [notice, setNotice] = useState<Notice | null>(null);
  const transfers = list.data?.data ?? [];

  return (
    <section className="page transfers" data-testid="transfers-page">
      <header className="page-header">
        <div>
          <h1>{t('transfers.title')}</h1>
          <p className="muted">{t('transfers.subtitle')}</p>
        </div>
        <div className="row gap">
          <Link className="button" to="/inventory/products">
            {t('nav.inventory')}
          </Link>
          {canEdit && chain.isChain && (
            <button type="button" className="button primary" onClick={() => setSending(true)} data-testid="send-transfer">
              {t('transfers.send')}
            </button>
          )}
        </div>
      </header>

      <div className="panel">
        <div className="segmented" role="group" aria-label={t('transfers.stateFilter')}>
          {(['', ...TRANSFER_STATES] as const).map((s) => (
            <button
              key={s || 'all'}
              type="button"
              className={state === s ? 'active' : ''}
              aria-pressed={state === s}
              onClick={() => setParams(s ? { state: s } : {})}
              data-testid={`state-${s || 'all'}`}
            >
              {t(`transfers.states.${s || 'all'}`)}
            </button>
          ))}
        </div>

        {notice && (
          <p className="info-box" role="status" data-testid="transfer-notice">
            {t(notice.key, { number: notice.number })}
          </p>
        )}

        {list.isError ? (
          <ErrorPanel message={errorText(list.error, t('transfers.fetchError'))} onRetry={() => void list.refetch()} />
        ) : !list.data ? (
          <Spinner label={t('transfers.loading')} />
        ) : transfers.length === 0 ? (
          <div className="empty-state" data-testid="transfers-empty">
            <p className="empty-title">{t('transfers.empty')}</p>
            <p className="muted">{t('transfers.emptyHint')}</p>
          </div>
        ) : (
          <TransfersTable
            transfers={transfers}
            branches={chain.active}
            current={chain.current}
            canEdit={canEdit}
            busy={list.isFetching}
            onReceive={setReceiving}
            onCancel={setCancelling}
            onPrint={setPrinting}
          />
        )}
      </div>

      {sending && <SendTransferDialog chain={chain} onDone={setNotice} onClose={() => setSending(false)} />}
      {receiving && (
        <ReceiveTransferDialog transfer={receiving} branches={chain.active} onDone={setNotice} onClose={() => setReceiving(null)} />
      )}
      {cancelling && <CancelTransferDialog transfer={cancelling} branches={chain.active} onClose={() => setCancelling(null)} />}
      {printing && <TransferNoteDialog transfer={printing} branches={chain.active} onClose={() => setPrinting(null)} />}
    </section>
  );
}
