import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/layout/icons.js';

interface Props {
  searchText: string;
  onSearchText: (text: string) => void;
  /** A search or a category filter narrows the list: offer to clear them. */
  filtered: boolean;
  onClear: () => void;
}

/** The product list's search box and the button clearing every filter. */
export function InventoryToolbar({ searchText, onSearchText, filtered, onClear }: Props) {
  const { t } = useTranslation();
  return (
    <div className="inventory-toolbar">
      <label className="search-box">
        <Icon name="search" />
        <span className="sr-only">{t('inventory.searchLabel')}</span>
        <input
          type="search"
          autoComplete="off"
          value={searchText}
          placeholder={t('inventory.searchPlaceholder')}
          onChange={(e) => onSearchText(e.target.value)}
          data-testid="inventory-search"
        />
      </label>
      {filtered && (
        <button type="button" className="button small" onClick={onClear}>
          {t('inventory.clearFilters')}
        </button>
      )}
    </div>
  );
}
