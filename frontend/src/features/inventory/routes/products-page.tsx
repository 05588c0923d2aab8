import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCTS_PAGE_SIZE, type ProductImportDto } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Pagination } from '../../../components/ui/pagination.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useFormat } from '../../../i18n/format.js';
import { useCan } from '../../auth/index.js';
import { useCategoriesQuery } from '../../../app/shared-api.js';
import { useInventoryProductsQuery } from '../api/inventory-api.js';
import { CategoryFilter } from '../components/category-filter.js';
import { ExportLabelsModal } from '../components/export-labels-modal.js';
import { ImportProductsModal } from '../components/import-products-modal.js';
import { ImportStrip } from '../components/import-strip.js';
import { InventoryHeader } from '../components/inventory-header.js';
import { InventoryToolbar } from '../components/inventory-toolbar.js';
import { ProductsTable } from '../components/products-table.js';
import { buildCategoryTree, descendantsOf, filterCategoryIds, toggleCategory } from '../lib/category-selection.js';
import { localName } from '../lib/names.js';
import { useProductDelete } from '../lib/use-product-delete.js';
import { useProductImport } from '../lib/use-product-import.js';
import { useProductListAddress } from '../lib/use-product-list-address.js';
import '../inventory.css';

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

  const { page, search, filterIds, searchText, setSearchText, update } = useProductListAddress();
  const [labelIds, setLabelIds] = useState<Set<string>>(() => new Set());
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const [importStarted, setImportStarted] = useState<ProductImportDto | null>(null);
  const importJob = useProductImport(importStarted, (count) => toast.success(t('inventory.import.toast', { count: f.number(count) })));
  const deletion = useProductDelete((id) => selectLabels([id], false));

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
  const pages = pagination?.pages;
  const goToPage = useEffectEvent((to: number) => update({ page: String(to) }, true));
  useEffect(() => {
    if (pages !== undefined && pages > 0 && page > pages) goToPage(pages);
  }, [pages, page]);

  function toggleChip(id: string) {
    const next = toggleCategory(tree, selectedCategories, id);
    update({ cat: filterCategoryIds(tree, next).join(',') || null, page: null });
  }

  function selectLabels(ids: string[], on: boolean) {
    setLabelIds((prev) => {
      const next = new Set(prev);
      for (const id of ids)
        if (on) next.add(id);
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
      <InventoryHeader listReady={Boolean(pagination)} onExport={() => setExporting(true)} onImport={() => setImporting(true)} />

      {!importing && importJob?.state === 'running' && <ImportStrip job={importJob} onShow={() => setImporting(true)} />}

      <div className="panel inventory-panel">
        <InventoryToolbar
          searchText={searchText}
          onSearchText={setSearchText}
          filtered={filtered}
          onClear={() => {
            setSearchText('');
            update({ q: null, cat: null, page: null });
          }}
        />

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
              onDelete={deletion.ask}
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
              <Pagination
                page={pagination?.page ?? page}
                pages={pagination?.pages ?? 1}
                onPage={(p) => update({ page: p === 1 ? null : String(p) })}
                label={t('inventory.pagesLabel')}
              />
            </div>
          </>
        )}
      </div>

      {deletion.target && (
        <ConfirmDialog
          title={t('inventory.deleteTitle')}
          message={t('inventory.deleteMessage', { name: localName(deletion.target.name, f.language) })}
          confirmLabel={t('inventory.deleteConfirm')}
          busyLabel={t('inventory.deleting')}
          busy={deletion.request.isLoading}
          danger
          error={deletion.request.isError ? errorText(deletion.request.error, t('inventory.deleteError')) : null}
          success={deletion.deleted ? t('inventory.deleteSuccess') : null}
          onConfirm={() => void deletion.confirm()}
          onCancel={deletion.close}
          testId="delete-dialog"
        />
      )}

      {importing && (
        <ImportProductsModal
          job={importJob}
          onStarted={setImportStarted}
          onAgain={() => setImportStarted(null)}
          onClose={() => setImporting(false)}
        />
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
