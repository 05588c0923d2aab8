import { useTranslation } from 'react-i18next';
import { readRegister } from '../../../app/session.js';
import { useFormat } from '../../../i18n/format.js';
import type { SaleQueue } from './use-sale-queue.js';

/**
 * Says plainly when the server cannot be reached and the till sells on its own, how many sales wait to be sent,
 * (to a manager) the sales the server refused, with the reason, to be resolved, and when another device sells as
 * this till's register.
 */
export function OfflinePanel({ queue, mayResolve }: { queue: SaleQueue; mayResolve: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (queue.online && queue.queued === 0 && queue.refused.length === 0 && !queue.registerShared) return null;
  return (
    <div className="till-offline" data-testid="till-offline" role="status">
      {!queue.online && <p data-testid="offline-banner">{t('pos.offline.banner')}</p>}
      {queue.queued > 0 && <p data-testid="queued-count">{t('pos.offline.queued', { n: f.number(queue.queued) })}</p>}
      {queue.othersWaiting > 0 && (
        <p data-testid="others-waiting">{t('pos.offline.othersWaiting', { n: f.number(queue.othersWaiting) })}</p>
      )}
      {queue.registerShared && <p data-testid="register-shared">{t('pos.offline.registerShared', { register: readRegister() })}</p>}
      {queue.refused.length > 0 && (
        <div data-testid="refused-sales">
          <strong>{t('pos.offline.refusedTitle', { n: f.number(queue.refused.length) })}</strong>
          {mayResolve && (
            <ul>
              {queue.refused.map((s) => (
                <li key={s.key} data-testid="refused-sale">
                  <bdi data-testid="refused-invoice">{s.invoiceNumber}</bdi> · {f.dateTime(s.createdAt)} ·{' '}
                  <span data-testid="refused-reason">{s.reason}</span>{' '}
                  <button
                    type="button"
                    className="btn btn-secondary"
                    data-testid="resolve-refused"
                    onClick={() => void queue.resolve(s.key)}
                  >
                    {t('pos.offline.resolve')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {!mayResolve && <p>{t('pos.offline.askManager')}</p>}
        </div>
      )}
    </div>
  );
}
