import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.js';
import type { TillProductDto } from '@dukan/contracts';
import type { useTillSearch } from '../hooks/use-till-search.js';
import { CategoryChips } from './category-chips.js';
import { ProductGrid } from './product-grid.js';
import { invoiceOfCode } from '../returns/return-choice.js';
import { ltr } from '../../transactions/index.js';

interface ProductsPanelProps {
  list: TillProductDto[];
  search: ReturnType<typeof useTillSearch>;
  toolbar: ReactNode;
  stockOf: (p: TillProductDto) => number;
  priceOf: (p: TillProductDto) => string;
  onAdd: (p: TillProductDto) => void;
}

/** The till's left side: toolbar, category chips, how many products are shown and the grid of them. */
export function ProductsPanel({ list, search, toolbar, stockOf, priceOf, onAdd }: ProductsPanelProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const { hits } = search;
  const invoice = invoiceOfCode(search.query);
  return (
    <section className="pos-main" aria-label={t('pos.products')}>
      {toolbar}
      <CategoryChips categories={search.categoryList} chosen={search.categoryId} onChoose={search.setCategoryId} />
      <div className="row between muted small grid-status">
        <span data-testid="results-count">{search.indexed ? t('pos.resultsCount', { n: f.number(hits.length) }) : t('pos.indexing')}</span>
        <span className="keyboard-help">{t('pos.keyboardHelp')}</span>
      </div>
      {list.length === 0 ? (
        <p className="panel muted">{t('pos.noProducts')}</p>
      ) : hits.length === 0 ? (
        <p className="panel muted" data-testid="no-results">
          {invoice ? t('pos.returns.invoiceEnter', { invoice: ltr(invoice) }) : t('pos.noResults', { query: search.query })}
        </p>
      ) : (
        <div id="pos-grid" className="grid-wrap">
          <ProductGrid
            products={list}
            hits={hits}
            activeIndex={search.activeIndex}
            stockOf={stockOf}
            categoryName={search.categoryName}
            priceOf={priceOf}
            onAdd={onAdd}
          />
        </div>
      )}
    </section>
  );
}
