import { useTranslation } from 'react-i18next';
import { toCents, type ProductDto } from '@dukan/contracts';
import { RowActions } from '../../../components/ui/row-actions.js';
import { useFormat } from '../../../i18n/format.js';
import { localName } from '../lib/names.js';

interface ProductsTableProps {
  products: ProductDto[];
  /** Row number of the first product (the label export's row range counts the same way). */
  firstRow: number;
  canEdit: boolean;
  canDelete: boolean;
  /** Tick boxes for label export, when the user may export. */
  selectable: boolean;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
  onDelete: (product: ProductDto) => void;
  busy: boolean;
}

const STOCK_CLASS = { in: 'success', low: 'warning', out: 'danger' } as const;

function money(dollars: number): number {
  return Number.isFinite(dollars) ? toCents(dollars) : 0;
}

export function ProductsTable({
  products,
  firstRow,
  canEdit,
  canDelete,
  selectable,
  selected,
  onSelect,
  onDelete,
  busy,
}: ProductsTableProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const lang = f.language;
  const other = lang === 'ku' ? 'en' : 'ku';
  const allOnPage = products.length > 0 && products.every((p) => selected.has(p._id));
  const hasActions = canEdit || canDelete;

  return (
    <div className={`table-scroll ${busy ? 'is-fetching' : ''}`} aria-busy={busy}>
      <table className="table inventory-table" data-testid="products-table">
        <thead>
          <tr>
            {selectable && (
              <th className="select-cell">
                <input
                  type="checkbox"
                  aria-label={t('inventory.selectPage')}
                  checked={allOnPage}
                  onChange={(e) =>
                    onSelect(
                      products.map((p) => p._id),
                      e.target.checked,
                    )
                  }
                  data-testid="select-page"
                />
              </th>
            )}
            <th className="num">{t('inventory.columns.row')}</th>
            <th>{t('inventory.columns.name')}</th>
            <th>{t('inventory.columns.sku')}</th>
            <th>{t('inventory.columns.barcode')}</th>
            <th>{t('inventory.columns.category')}</th>
            <th className="num">{t('inventory.columns.price')}</th>
            <th className="num">{t('inventory.columns.cost')}</th>
            <th>{t('inventory.columns.stock')}</th>
            {hasActions && <th className="actions-cell">{t('inventory.columns.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {products.map((p, i) => {
            const name = localName(p.name, lang);
            const otherName = p.name[other]?.trim();
            return (
              <tr key={p._id} data-testid="product-row" data-sku={p.sku} className={p.active ? '' : 'inactive-row'}>
                {selectable && (
                  <td className="select-cell">
                    <input
                      type="checkbox"
                      aria-label={t('inventory.selectRow', { name })}
                      checked={selected.has(p._id)}
                      onChange={(e) => onSelect([p._id], e.target.checked)}
                      data-testid="select-row"
                    />
                  </td>
                )}
                <td className="num muted" data-testid="row-number">
                  {f.number(firstRow + i)}
                </td>
                <td>
                  <div className="product-names">
                    <span className="product-name" lang={lang === 'ku' ? 'ckb' : 'en'}>
                      {name}
                      {!p.active && <span className="badge">{t('inventory.inactive')}</span>}
                    </span>
                    {otherName ? (
                      <span className="muted small" lang={other === 'ku' ? 'ckb' : 'en'}>
                        <bdi>{otherName}</bdi>
                      </span>
                    ) : (
                      other === 'ku' && <span className="muted small">{t('inventory.noKurdishName')}</span>
                    )}
                  </div>
                </td>
                <td>
                  <span dir="ltr" className="code">
                    {p.sku}
                  </span>
                </td>
                <td>
                  <span dir="ltr" className="code">
                    {p.barcode ?? '—'}
                  </span>
                </td>
                <td>{p.category ? localName(p.category.name, lang) : <span className="muted">{t('inventory.noCategory')}</span>}</td>
                <td className="num">{f.usd(money(p.price))}</td>
                <td className="num">{f.usd(money(p.cost))}</td>
                <td>
                  <span className={`badge ${STOCK_CLASS[p.stockStatus] ?? ''}`} data-testid="stock-badge" data-status={p.stockStatus}>
                    {t('inventory.stock.units', { status: t(`inventory.stock.${p.stockStatus}`), count: f.number(p.quantity) })}
                  </span>
                </td>
                {hasActions && (
                  <td className="actions-cell">
                    <RowActions
                      className="row gap nowrap"
                      edit={
                        canEdit && {
                          label: t('inventory.edit'),
                          ariaLabel: t('inventory.editNamed', { name }),
                          to: `/inventory/products/edit/${p._id}`,
                          testId: 'edit-product',
                        }
                      }
                      remove={
                        canDelete && {
                          label: t('inventory.delete'),
                          ariaLabel: t('inventory.deleteNamed', { name }),
                          onClick: () => onDelete(p),
                          testId: 'delete-product',
                        }
                      }
                    />
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
