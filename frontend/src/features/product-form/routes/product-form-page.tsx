import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toCents, type ProductDto } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { AccessRestricted } from '../../../components/ui/access-restricted.js';
import { FormOutcome } from '../../../components/ui/form-outcome.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useCan } from '../../auth/index.js';
import { usePfProductQuery } from '../api/product-form-api.js';
import { CopyProduct } from '../components/copy-product.js';
import { CostHistory } from '../components/cost-history.js';
import { ProductFormFrame } from '../components/product-form-frame.js';
import { BasicsSection, CategorySection, ExtraSection, MergeNotice, PricingSection } from '../components/product-form-sections.js';
import { BranchPricesSection } from '../components/branch-prices-section.js';
import { PacksSection } from '../components/packs-section.js';
import { PRODUCT_LIST, useProductForm } from '../hooks/use-product-form.js';
import type { FormMode } from '../lib/product-form.js';
import '../product-form.css';

/** Add (/inventory/products/add) and edit (/inventory/products/edit/:id) share this page. */
export default function ProductFormPage() {
  const { id } = useParams();
  const canCreate = useCan('products', 'create');
  const canEdit = useCan('products', 'edit');
  if (id) return canEdit ? <EditProduct id={id} /> : <AccessRestricted />;
  return canCreate ? <ProductForm mode="add" /> : <AccessRestricted />;
}

function EditProduct({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data, error, isLoading, refetch } = usePfProductQuery(id, { refetchOnMountOrArgChange: true });
  if (isLoading) {
    return (
      <ProductFormFrame mode="edit">
        <Spinner label={t('productForm.loadingProduct')} />
      </ProductFormFrame>
    );
  }
  if (error && !data) {
    const status = typeof error === 'object' && 'status' in error ? error.status : undefined;
    return (
      <ProductFormFrame mode="edit">
        {status === 404 ? (
          <section className="panel not-found" data-testid="product-not-found">
            <p>{t('productForm.notFound')}</p>
            <Link className="button" to={PRODUCT_LIST}>
              {t('productForm.back')}
            </Link>
          </section>
        ) : (
          <ErrorPanel message={errorText(error, t('productForm.errors.get'))} onRetry={() => void refetch()} />
        )}
      </ProductFormFrame>
    );
  }
  // Keyed by id: a refetch after saving does not overwrite what is on screen.
  return data ? <ProductForm key={data._id} mode="edit" product={data} /> : null;
}

function ProductForm({ mode, product }: { mode: FormMode; product?: ProductDto }) {
  const { t } = useTranslation();
  const form = useProductForm(mode, product);
  const { locked, saving } = form;
  return (
    <ProductFormFrame mode={mode}>
      {mode === 'add' && <CopyProduct onCopy={form.copyFrom} />}
      {form.copied && (
        <p className="info-box pf-notice" role="status" data-testid="copied">
          {t('productForm.copy.copied', { name: form.copied })}
        </p>
      )}

      <form ref={form.formRef} className="pf-form" onSubmit={form.submit} noValidate data-testid="product-form">
        <MergeNotice form={form} />
        <BasicsSection form={form} />
        <CategorySection form={form} />
        <PricingSection form={form} />
        <PacksSection form={form} />
        <ExtraSection form={form} />

        {mode === 'edit' && product?.costHistory && <CostHistory history={product.costHistory} averageCostCents={toCents(product.cost)} />}

        <FormOutcome error={form.formError} success={form.success} note={t('productForm.success.returning')} />

        <div className="row gap end pf-actions">
          <Link className="button" to={PRODUCT_LIST} data-testid="cancel">
            {t('productForm.cancel')}
          </Link>
          <button type="button" className="button" onClick={form.reset} disabled={locked} data-testid="reset">
            {t('productForm.reset')}
          </button>
          <button type="submit" className="button primary" disabled={locked} data-testid="submit">
            {saving ? t('productForm.saving') : mode === 'add' ? t('productForm.save') : t('productForm.update')}
          </button>
        </div>
      </form>
      {mode === 'edit' && product && <BranchPricesSection product={product} />}
    </ProductFormFrame>
  );
}
