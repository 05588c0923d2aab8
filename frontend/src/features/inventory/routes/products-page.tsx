import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DELETE_MODAL_CLOSE_MS, PRODUCTS_PAGE_SIZE, type ProductDto, type ProductImportDto } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { Icon } from '../../../components/layout/icons.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Pagination } from '../../../components/ui/pagination.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useFormat } from '../../../i18n/format.js';
import { useCan } from '../../auth/use-permissions.js';
import { useCategoriesQuery } from '../../../app/shared-api.js';
import { useInventoryDeleteProductMutation, useInventoryProductsQuery } from '../api/inventory-api.js';
import { CategoryFilter } from '../components/category-filter.js';
import { ExportLabelsModal } from '../components/export-labels-modal.js';
import { ImportProductsModal } from '../components/import-products-modal.js';
import { ImportStrip } from '../components/import-strip.js';
import { ProductsTable } from '../components/products-table.js';
import { buildCategoryTree, descendantsOf, filterCategoryIds, toggleCategory } from '../lib/category-selection.js';
import { localName } from '../lib/names.js';
import { useProductImport } from '../lib/use-product-import.js';
import '../inventory.css';

const SEARCH_DELAY_MS = 300;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The product list (spec part 1 §2): searched, filtered and paged by the server, 20 a page. The page, search
 * and chosen categories live in the address, so coming back from the edit form lands on the same rows.
 */
export function ProductsPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const toast = useToast();
  const canCreate = useCan('products', 'create');
  const canEdit = useCan('products', 'edit');
  const canDelete = useCan('products', 'delete');
  const canExport = useCan('reports', 'export');
  const canAddCategory = useCan('categories', 'create');

  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const search = params.get('q') ?? '';
  // The top-most chosen categories; the server adds their descendants.
  const filterIds = useMemo(() => (params.get('cat') ?? '').split(',').filter((id) => UUID.test(id)), [params]);

  const [searchText, setSearchText] = useState(search);
  const [labelIds, setLabelIds] = useState<Set<string>>(() => new Set());
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const [importStarted, setImportStarted] = useState<ProductImportDto | null>(null);
  const importJob = useProductImport(importStarted, (count) => toast.success(t('inventory.import.toast', { count: f.number(count) })));
  const [target, setTarget] = useState<ProductDto | null>(null);
  const [deleted, setDeleted] = useState(false);

  const update = (changes: Record<string, string | null>, replace = false) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === '') next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace },
    );

  // Typing searches after a short pause, from the first page.
  useEffect(() => {
    if (searchText.trim() === search.trim()) return;
    const timer = setTimeout(() => update({ q: searchText.trim() || null, page: null }, true), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchText, search]);

  const categories = useCategoriesQuery('all');
  const tree = useMemo(() => buildCategoryTree(categories.data ?? []), [categories.data]);
  const selectedCategories = useMemo(() => {
    const out = new Set<string>();
    for (const id of filterIds) if (tree.parentOf.has(id)) [id, ...descendantsOf(tree, id)].forEach((x) => out.add(x));
    return out;
  }, [tree, filterIds]);

  const filter = useMemo(() => ({ search, categories: filterIds }), [search, filterIds]);
  const list = useInventoryProductsQuery({ page, ...filter });
  const data = list.currentData ?? list.data;
  const pagination = data?.pagination;

  // A page past the end (the last product of the last page was deleted, or the address was typed): go to the last.
  useEffect(() => {
    if (pagination && pagination.pages > 0 && page > pagination.pages) update({ page: String(pagination.pages) }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pagination?.pages, page]);

  const [removeProduct, removal] = useInventoryDeleteProductMutation();
  useEffect(() => {
    if (!deleted) return;
    const timer = setTimeout(closeDelete, DELETE_MODAL_CLOSE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deleted]);

  function closeDelete() {
    setTarget(null);
    setDeleted(false);
    removal.reset();
  }

  async function confirmDelete() {
    if (!target) return;
    try {
      await removeProduct(target._id).unwrap();
      setDeleted(true);
      setLabelIds((prev) => {
        const next = new Set(prev);
        next.delete(target._id);
        return next;
      });
    } catch {
      /* shown in the dialog */
    }
  }

  function toggleChip(id: string) {
    const next = toggleCategory(tree, selectedCategories, id);
    update({ cat: filterCategoryIds(tree, next).join(',') || null, page: null });
  }

  function selectLabels(ids: string[], on: boolean) {
    setLabelIds((prev) => {
      const next = new Set(prev);
      for (const id of ids) if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  const filtered = search.trim() !== '' || filterIds.length > 0;
  const products = data?.data ?? [];
  // Numbered by the page on screen (while the next one loads, the rows shown are still the previous page's).
  const firstRow = ((pagination?.page ?? page) - 1) * (pagination?.limit ?? PRODUCTS_PAGE_SIZE) + 1;

  return (
    <section className="page inventory" data-testid="inventory-page">
      <header className="page-header">
        <div>
          <h1>{t('inventory.title')}</h1>
          <p className="muted">{t('inventory.subtitle')}</p>
        </div>
        <div className="row gap">
          {canExport && (
            <button type="button" className="button" onClick={() => setExporting(true)} disabled={!pagination} data-testid="export-labels">
              {t('inventory.exportLabels')}
            </button>
          )}
          {canCreate && (
            <button type="button" className="button" onClick={() => setImporting(true)} data-testid="import-products">
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

      {!importing && importJob?.state === 'running' && <ImportStrip job={importJob} onShow={() => setImporting(true)} />}

      <div className="panel inventory-panel">
        <div className="inventory-toolbar">
          <label className="search-box">
            <Icon name="search" />
            <span className="sr-only">{t('inventory.searchLabel')}</span>
            <input
              type="search"
              autoComplete="off"
              value={searchText}
              placeholder={t('inventory.searchPlaceholder')}
              onChange={(e) => setSearchText(e.target.value)}
              data-testid="inventory-search"
            />
          </label>
          {filtered && (
            <button
              type="button"
              className="button small"
              onClick={() => {
                setSearchText('');
                update({ q: null, cat: null, page: null });
              }}
            >
              {t('inventory.clearFilters')}
            </button>
          )}
        </div>

        {categories.isError ? (
          <div className="row gap inline-error" role="alert">
            <span>{errorText(categories.error, t('inventory.categoriesError'))}</span>
            <button type="button" className="button small" onClick={() => void categories.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        ) : (
          categories.data &&
          categories.data.length > 0 && (
            <CategoryFilter
              categories={categories.data}
              tree={tree}
              selected={selectedCategories}
              onToggle={toggleChip}
              onClear={() => update({ cat: null, page: null })}
            />
          )
        )}

        {canExport && labelIds.size > 0 && (
          <div className="row gap selection-bar" data-testid="selection-bar">
            <span>{t('inventory.selectedCount', { count: f.number(labelIds.size) })}</span>
            <button type="button" className="link-button" onClick={() => setLabelIds(new Set())}>
              {t('inventory.clearSelection')}
            </button>
          </div>
        )}

        {list.isError ? (
          <ErrorPanel message={errorText(list.error, t('inventory.fetchError'))} onRetry={() => void list.refetch()} />
        ) : !data ? (
          <Spinner label={t('common.loading')} />
        ) : products.length === 0 ? (
          <div className="empty-state" data-testid="inventory-empty">
            {filtered ? (
              <p>{t('inventory.noMatches')}</p>
            ) : (
              <>
                <p className="empty-title">{t('inventory.noProducts')}</p>
                <p className="muted">{t('inventory.noProductsHint')}</p>
                {canCreate && (
                  <Link className="button primary" to="/inventory/products/add">
                    {t('inventory.addProduct')}
                  </Link>
                )}
              </>
            )}
          </div>
        ) : (
          <>
            <ProductsTable
              products={products}
              firstRow={firstRow}
              canEdit={canEdit}
              canDelete={canDelete}
              selectable={canExport}
              selected={labelIds}
              onSelect={selectLabels}
              onDelete={setTarget}
              busy={list.isFetching}
            />
            <div className="inventory-foot">
              <p className="muted small" data-testid="inventory-count">
                {t('inventory.showing', {
                  from: f.number(firstRow),
                  to: f.number(firstRow + products.length - 1),
                  total: f.number(pagination?.total ?? products.length),
                })}
              </p>
              <Pagination page={pagination?.page ?? page} pages={pagination?.pages ?? 1} onPage={(p) => update({ page: p === 1 ? null : String(p) })} label={t('inventory.pagesLabel')} />
            </div>
          </>
        )}
      </div>

      {target && (
        <ConfirmDialog
          title={t('inventory.deleteTitle')}
          message={t('inventory.deleteMessage', { name: localName(target.name, f.language) })}
          confirmLabel={t('inventory.deleteConfirm')}
          busyLabel={t('inventory.deleting')}
          busy={removal.isLoading}
          danger
          error={removal.isError ? errorText(removal.error, t('inventory.deleteError')) : null}
          success={deleted ? t('inventory.deleteSuccess') : null}
          onConfirm={() => void confirmDelete()}
          onCancel={closeDelete}
          testId="delete-dialog"
        />
      )}

      {importing && (
        <ImportProductsModal job={importJob} onStarted={setImportStarted} onAgain={() => setImportStarted(null)} onClose={() => setImporting(false)} />
      )}

      {exporting && pagination && (
        <ExportLabelsModal
          rowCount={pagination.total}
          filter={filter}
          selectedIds={[...labelIds]}
          onClose={() => setExporting(false)}
          onExported={(count) => {
            setExporting(false);
            toast.success(t('inventory.export.done', { count: f.number(count) }));
          }}
        />
      )}
    </section>
  );
}

export default ProductsPage;
