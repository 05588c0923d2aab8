import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_LIST } from '../hooks/use-product-form.js';
import type { FormMode } from '../lib/product-form.js';

/** The page around the product form: title, subtitle and the way back to the list. */
export function ProductFormFrame({ mode, children }: { mode: FormMode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="page product-form-page" data-testid="product-form-page">
      <header className="page-header">
        <div>
          <h1>{mode === 'add' ? t('productForm.addTitle') : t('productForm.editTitle')}</h1>
          <p className="muted">{mode === 'add' ? t('productForm.addSubtitle') : t('productForm.editSubtitle')}</p>
        </div>
        <Link className="button" to={PRODUCT_LIST} data-testid="back">
          <span className="flip-rtl" aria-hidden="true">
            ←
          </span>
          {t('productForm.back')}
        </Link>
      </header>
      {children}
    </section>
  );
}
