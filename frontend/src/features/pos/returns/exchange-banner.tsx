import { useTranslation } from 'react-i18next';
import type { Currency } from '@dukan/contracts';
import { ltr } from '../../transactions/index.js';
import { useMinorMoney } from '../hooks/use-money.js';
import type { PendingExchange } from './return-choice.js';

/** Above the cart while an exchange is being made: which receipt, what the items back are worth, and a way out. */
export function ExchangeBanner({ exchange, currency, onCancel }: { exchange: PendingExchange; currency: Currency; onCancel: () => void }) {
  const { t } = useTranslation();
  const money = useMinorMoney();
  return (
    <div className="info-box exchange-banner" role="status" data-testid="exchange-banner">
      <div className="row between">
        <strong>{t('pos.returns.exchangeTitle', { invoice: ltr(exchange.invoiceNumber) })}</strong>
        <button type="button" className="link-button" onClick={onCancel} data-testid="exchange-cancel">
          {t('pos.returns.exchangeCancel')}
        </button>
      </div>
      <p className="small" data-testid="exchange-credit">
        {t('pos.returns.exchangeCredit', { amount: money(exchange.returnMinor, exchange.currency) })}
      </p>
      {currency !== exchange.currency && (
        <p className="field-error" role="alert" data-testid="exchange-currency">
          {t('pos.returns.exchangeCurrency', { currency: exchange.currency })}
        </p>
      )}
    </div>
  );
}
