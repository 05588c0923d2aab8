import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COPY_SEARCH_MIN_CHARS, toCents, type ProductDto } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { useFormat } from '../../../i18n/format.js';
import { usePfSearchProductsQuery } from '../api/product-form-api.js';
import { categoryName } from '../lib/category-path.js';

const DEBOUNCE_MS = 250;

/** Search an existing product (from 2 characters) and fill the form with its details. */
export function CopyProduct({ onCopy }: { onCopy: (p: ProductDto) => void }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const id = useId();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const long = term.length >= COPY_SEARCH_MIN_CHARS;
  const { data, error, isFetching } = usePfSearchProductsQuery(term, { skip: !long });
  const typed = text.trim();

  return (
    <section className="panel pf-section pf-copy" data-testid="copy-product">
      <h2>
        <label htmlFor={id}>{t('productForm.copy.title')}</label>
      </h2>
      <input
        id={id}
        type="search"
        value={text}
        placeholder={t('productForm.copy.placeholder')}
        onChange={(e) => setText(e.target.value)}
        data-testid="copy-search"
        autoComplete="off"
      />
      {typed.length > 0 && typed.length < COPY_SEARCH_MIN_CHARS && (
        <p className="muted small">{t('productForm.copy.minChars', { n: f.number(COPY_SEARCH_MIN_CHARS) })}</p>
      )}
      {long && typed.length >= COPY_SEARCH_MIN_CHARS && (
        <div aria-live="polite">
          {isFetching && !data ? (
            <p className="muted small">{t('productForm.copy.searching')}</p>
          ) : error ? (
            <p className="field-error">{errorText(error, t('productForm.copy.searchError'))}</p>
          ) : data && data.length === 0 ? (
            <p className="muted small" data-testid="copy-none">
              {t('productForm.copy.noResults', { term })}
            </p>
          ) : (
            <ul className="pf-copy-list" data-testid="copy-results">
              {data?.map((p) => (
                <li key={p._id} className="pf-copy-item" data-testid="copy-result">
                  <div className="pf-copy-text">
                    <strong>{i18n.language === 'ku' ? p.name.ku || p.name.en : p.name.en}</strong>
                    <span className="muted small">
                      <bdi>{p.sku}</bdi>
                      {p.barcode ? (
                        <>
                          {' '}
                          · <bdi>{p.barcode}</bdi>
                        </>
                      ) : null}
                      {p.category ? ` · ${categoryName(p.category, i18n.language)}` : ''} · {f.usd(toCents(p.price))}
                    </span>
                  </div>
                  <button
                    type="button"
                    className="button small"
                    onClick={() => {
                      onCopy(p);
                      setText('');
                      setTerm('');
                    }}
                    data-testid="copy-use"
                  >
                    {t('productForm.copy.use')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
