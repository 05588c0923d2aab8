import type { KeyboardEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/layout/icons.js';
import { useFormat } from '../../../i18n/format.js';
import type { DisplayCurrency } from '../hooks/use-money.js';

interface TillToolbarProps {
  searchRef: RefObject<HTMLInputElement | null>;
  query: string;
  onQuery: (query: string) => void;
  onSearchKey: (e: KeyboardEvent<HTMLInputElement>) => void;
  currency: DisplayCurrency;
  onCurrency: (currency: DisplayCurrency) => void;
  rate: number;
  rateFailed: boolean;
}

/** The search box, the display currency and the exchange rate in use. */
export function TillToolbar({ searchRef, query, onQuery, onSearchKey, currency, onCurrency, rate, rateFailed }: TillToolbarProps) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <div className="pos-toolbar">
      <label className="search-box">
        <Icon name="search" />
        <span className="sr-only">{t('pos.searchLabel')}</span>
        <input
          ref={searchRef}
          type="search"
          autoFocus
          autoComplete="off"
          placeholder={t('pos.searchPlaceholder')}
          value={query}
          onChange={(e) => onQuery(e.target.value)}
          onKeyDown={onSearchKey}
          data-testid="pos-search"
          aria-controls="pos-grid"
        />
        <kbd>F2</kbd>
      </label>
      <div className="segmented" role="group" aria-label={t('pos.currency')}>
        {(['USD', 'IQD'] as const).map((c) => (
          <button
            key={c}
            type="button"
            className={currency === c ? 'active' : ''}
            aria-pressed={currency === c}
            onClick={() => onCurrency(c)}
            data-testid={`currency-${c}`}
          >
            {c}
          </button>
        ))}
      </div>
      <span className="muted small rate" title={rateFailed ? t('pos.exchangeRateError') : undefined}>
        {t('pos.rate', { rate: f.number(rate) })}
        {rateFailed && <span className="warning-text"> · {t('pos.exchangeRateError')}</span>}
      </span>
    </div>
  );
}
