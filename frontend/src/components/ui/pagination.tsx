import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.js';

/** Page numbers to show: the first, the last, and those within `radius` of the current; null marks a gap. */
export function pageWindow(current: number, pages: number, radius = 2): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - current) <= radius) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

interface PaginationProps {
  /** 1-based. */
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** Accessible name of the navigation, e.g. "Products pages". */
  label?: string;
}

/** Previous, numbered page buttons (first, last and those near the current) and Next; nothing for one page. */
export function Pagination({ page, pages, onPage, label }: PaginationProps) {
  const { t } = useTranslation();
  const format = useFormat();
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label ?? t('common.pagination')}>
      <button type="button" className="button small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </button>
      {pageWindow(page, pages).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="pagination-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            className={`button small ${p === page ? 'primary' : ''}`}
            aria-current={p === page ? 'page' : undefined}
            aria-label={t('common.pageN', { n: p })}
            onClick={() => onPage(p)}
          >
            {format.number(p)}
          </button>
        ),
      )}
      <button type="button" className="button small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </button>
    </nav>
  );
}
