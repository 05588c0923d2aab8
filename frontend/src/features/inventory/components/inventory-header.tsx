import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/index.js';
import { TransfersLink } from '../../transfers/index.js';

interface Props {
  /** The list has loaded (the labels export needs its row count). */
  listReady: boolean;
  onExport: () => void;
  onImport: () => void;
}

/** The inventory's title and its actions: a chain's transfers, stocktakes, export labels, import, add a category, add a product. */
export function InventoryHeader({ listReady, onExport, onImport }: Props) {
  const { t } = useTranslation();
  const canCreate = useCan('products', 'create');
  const canExport = useCan('reports', 'export');
  const canAddCategory = useCan('categories', 'create');
  return (
    <header className="page-header">
      <div>
        <h1>{t('inventory.title')}</h1>
        <p className="muted">{t('inventory.subtitle')}</p>
      </div>
      <div className="row gap">
        <TransfersLink />
        <Link className="button" to="/inventory/stocktakes" data-testid="stocktakes-link">
          {t('stocktakes.link')}
        </Link>
        {canExport && (
          <button type="button" className="button" onClick={onExport} disabled={!listReady} data-testid="export-labels">
            {t('inventory.exportLabels')}
          </button>
        )}
        {canCreate && (
          <button type="button" className="button" onClick={onImport} data-testid="import-products">
            {t('inventory.import.open')}
          </button>
        )}
        {canAddCategory && (
          <Link className="button" to="/inventory/categories/add" data-testid="add-category">
            {t('inventory.addCategory')}
          </Link>
        )}
        {canCreate && (
          <Link className="button primary" to="/inventory/products/add" data-testid="add-product">
            {t('inventory.addProduct')}
          </Link>
        )}
      </div>
    </header>
  );
}
