import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { TillProductDto } from '@dukan/contracts';
import { stockColour } from '../lib/stock.js';
import { useFormat } from '../../../i18n/format.js';

interface ProductGridProps {
  products: readonly TillProductDto[];
  /** Positions in `products` to show, in order. */
  hits: readonly number[];
  activeIndex: number;
  stockOf: (p: TillProductDto) => number;
  categoryName: (id: string | null | undefined) => string;
  /** A product's price as the till shows it: in the currency it is set in, and in the other. */
  priceOf: (p: TillProductDto) => string;
  onAdd: (p: TillProductDto) => void;
}

const TILE_MIN_WIDTH = 170;
const ROW_HEIGHT = 236;

/** Memoised: cart changes do not re-render the grid. */
export const ProductGrid = memo(function ProductGrid({
  products,
  hits,
  activeIndex,
  stockOf,
  categoryName,
  priceOf,
  onAdd,
}: ProductGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [columns, setColumns] = useState(4);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const measure = () => setColumns(Math.max(1, Math.floor((el.clientWidth - 8) / TILE_MIN_WIDTH)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const rowCount = Math.ceil(hits.length / columns);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 3,
  });

  useEffect(() => {
    if (activeIndex >= 0) virtualizer.scrollToIndex(Math.floor(activeIndex / columns), { align: 'auto' });
  }, [activeIndex, columns, virtualizer]);

  return (
    <div ref={scrollRef} className="product-scroll" data-testid="product-grid">
      <div style={{ blockSize: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            className="product-row"
            style={{ insetBlockStart: row.start, blockSize: ROW_HEIGHT, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
          >
            {hits.slice(row.index * columns, row.index * columns + columns).map((pos, col) => {
              const p = products[pos]!;
              const at = row.index * columns + col;
              return (
                <ProductTile
                  key={p._id}
                  product={p}
                  active={at === activeIndex}
                  stock={stockOf(p)}
                  category={categoryName(p.categoryId)}
                  price={priceOf(p)}
                  onAdd={onAdd}
                />
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
});

interface TileProps {
  product: TillProductDto;
  active: boolean;
  stock: number;
  category: string;
  price: string;
  onAdd: (p: TillProductDto) => void;
}

const ProductTile = memo(function ProductTile({ product, active, stock, category, price, onAdd }: TileProps) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const name = (i18n.language === 'ku' && product.name.ku) || product.name.en;
  const colour = stockColour(stock);
  const discount = product.discount ?? 0;
  return (
    <button
      type="button"
      className={`product-tile ${active ? 'active' : ''}`}
      onClick={() => onAdd(product)}
      aria-label={t('pos.addToCart', { name })}
      data-testid="product-tile"
      data-sku={product.sku}
      tabIndex={active ? 0 : -1}
    >
      <span className="tile-image" aria-hidden="true">
        {product.imageUrl ? (
          <img src={product.imageUrl} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className="tile-initial">{name.charAt(0)}</span>
        )}
        {discount > 0 && <span className="badge discount-badge">{t('pos.percentOff', { percent: f.percent(discount) })}</span>}
      </span>
      <span className="tile-name" title={name}>
        {name}
      </span>
      <span className="tile-price">{price}</span>
      <span className="tile-meta" dir="ltr">
        {t('pos.sku')}: {product.sku}
      </span>
      <span className="tile-meta" dir="ltr">
        {product.barcode}
      </span>
      <span className="tile-foot">
        <span className="tile-category">{category}</span>
        <span className={`badge stock-${colour}`} data-testid="stock-badge" data-colour={colour}>
          {stock > 0 ? t('pos.inStock', { n: f.number(stock) }) : t('pos.outOfStock')}
        </span>
      </span>
    </button>
  );
});
