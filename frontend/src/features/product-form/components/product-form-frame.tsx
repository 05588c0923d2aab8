import type { ReactNode } from 'react';
import { BackLink } from '../../../components/ui/back-link.js';
import { useTranslation } from 'react-i18next';
import { PRODUCT_LIST } from '../hooks/use-product-form.js';
import type { FormMode } from '../lib/product-form.js';

/** A page of the product forms: title, subtitle and the way back to the product list. */
export function FormPage({ title, subtitle, testId, children }: { title: string; subtitle: string; testId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="page product-form-page" data-testid={testId}>
      <header className="page-header">
        <div>
          <h1>{title}</h1>
          <p className="muted">{subtitle}</p>
        </div>
        <BackLink to={PRODUCT_LIST} testId="back" label={t('productForm.back')} />
      </header>
      {children}
    </section>
  );
}

/** The page around the product form, add or edit. */
export function ProductFormFrame({ mode, children }: { mode: FormMode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <FormPage
      title={mode === 'add' ? t('productForm.addTitle') : t('productForm.editTitle')}
      subtitle={mode === 'add' ? t('productForm.addSubtitle') : t('productForm.editSubtitle')}
      testId="product-form-page"
    >
      {children}
    </FormPage>
  );
}
