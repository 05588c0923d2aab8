import { Link } from 'react-router';
import { STOCK_ADJUSTMENT_REASONS, type StockAdjustmentReason } from '@dukan/contracts';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/api.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useFormat } from '../../../i18n/format.js';
import { useCan } from '../../auth/index.js';
import type { ProductFormState } from '../hooks/use-product-form.js';
import { categoryName } from '../lib/category-path.js';
import { CategoryPicker } from './category-picker.js';
import { Field, Optional, TextInput } from './product-fields.js';

type Section = { form: ProductFormState };

const productName = (p: { name: { en: string; ku?: string } }, language: string) =>
  language === 'ku' ? p.name.ku || p.name.en : p.name.en;

/** The SKU is already sold: saving adds this batch to that product; its barcode can be taken over. */
export function MergeNotice({ form }: Section) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const match = form.skuMatch;
  if (!match) return null;
  const name = productName(match, i18n.language);
  return (
    <div className="info-box pf-merge" role="status" data-testid="merge-notice">
      <p>{t('productForm.merge.existing', { name, quantity: f.number(match.quantity) })}</p>
      <p>{t('productForm.merge.explain', { name })}</p>
      {match.barcode && match.barcode !== form.values.barcode.trim() && (
        <p className="row gap">
          <span>{t('productForm.merge.barcodeDiffers', { barcode: match.barcode })}</span>
          <button
            type="button"
            className="button small"
            onClick={() => form.setOwnBarcode(match.barcode!)}
            disabled={form.locked}
            data-testid="use-existing-barcode"
          >
            {t('productForm.merge.useBarcode')}
          </button>
        </p>
      )}
    </div>
  );
}

/** Names, SKU and barcode (generated, typed or cleared). */
export function BasicsSection({ form }: Section) {
  const { t } = useTranslation();
  const { values, locked } = form;
  return (
    <section className="panel pf-section">
      <h2>{t('productForm.sections.basics')}</h2>
      <div className="pf-grid pf-two">
        <Field form={form} name="nameEn" label={t('productForm.fields.nameEn')}>
          <TextInput form={form} name="nameEn" required dir="ltr" />
        </Field>
        <Field form={form} name="nameKu" label={<Optional label={t('productForm.fields.nameKu')} />}>
          <TextInput form={form} name="nameKu" dir="rtl" />
        </Field>
        <Field form={form} name="sku" label={t('productForm.fields.sku')}>
          <input
            id="pf-sku"
            name="sku"
            type="text"
            dir="ltr"
            value={values.sku}
            onChange={(e) => form.set('sku', e.target.value)}
            onBlur={form.lookUpSku}
            aria-invalid={form.err('sku') ? true : undefined}
            aria-describedby={form.err('sku') ? 'pf-sku-error' : undefined}
            aria-required
            disabled={locked}
            autoComplete="off"
            data-testid="input-sku"
          />
        </Field>
        <Field
          form={form}
          name="barcode"
          label={t('productForm.fields.barcode')}
          hint={form.isNewBarcode ? t('productForm.hints.barcodeNew') : undefined}
        >
          <div className="input-with-button pf-barcode">
            <input
              id="pf-barcode"
              name="barcode"
              type="text"
              dir="ltr"
              inputMode="numeric"
              value={values.barcode}
              onChange={(e) => form.setOwnBarcode(e.target.value)}
              aria-invalid={form.err('barcode') ? true : undefined}
              aria-describedby={form.err('barcode') ? 'pf-barcode-error' : undefined}
              aria-required
              disabled={locked}
              autoComplete="off"
              data-testid="input-barcode"
            />
            <button
              type="button"
              className="button small"
              onClick={() => void form.newBarcode()}
              disabled={locked || form.generating}
              data-testid="barcode-generate"
            >
              {form.generating
                ? t('productForm.barcode.generating')
                : values.barcode
                  ? t('productForm.barcode.regenerate')
                  : t('productForm.barcode.generate')}
            </button>
            <button
              type="button"
              className="button small"
              onClick={() => form.setOwnBarcode('')}
              disabled={locked || !values.barcode}
              data-testid="barcode-clear"
            >
              {t('productForm.barcode.clear')}
            </button>
          </div>
        </Field>
      </div>
    </section>
  );
}

/** The category, chosen level by level in the tree of active categories. */
export function CategorySection({ form }: Section) {
  const { t, i18n } = useTranslation();
  const canAddCategory = useCan('categories', 'create');
  const { tree, categories, product } = form;
  return (
    <section className="panel pf-section">
      <div className="row between">
        <h2>{t('productForm.sections.category')}</h2>
        {canAddCategory && (
          <Link to="/inventory/categories/add" className="button small" data-testid="add-category-link">
            {t('productForm.category.addCategory')}
          </Link>
        )}
      </div>
      {tree.isLoading ? (
        <Spinner label={t('common.loading')} />
      ) : tree.error && !tree.data ? (
        <ErrorPanel message={errorText(tree.error, t('productForm.category.fetchError'))} onRetry={() => void tree.refetch()} />
      ) : categories.length === 0 ? (
        <>
          <p className="muted" data-testid="no-categories">
            {t('productForm.category.none')}
          </p>
          {form.err('category') && <p className="field-error">{form.err('category')}</p>}
        </>
      ) : (
        <>
          {form.categoryMissing && product?.category && (
            <p className="muted small" data-testid="category-unavailable">
              {t('productForm.category.unavailable', { name: categoryName(product.category, i18n.language) })}
            </p>
          )}
          <CategoryPicker
            tree={categories}
            path={form.path}
            firstLabel={t('productForm.category.choose')}
            disabled={form.locked}
            error={form.err('category')}
            onChange={form.chooseCategory}
          />
        </>
      )}
    </section>
  );
}

/** Price, cost, quantity, reorder level, discount and whether the product is on sale. */
export function PricingSection({ form }: Section) {
  const { t } = useTranslation();
  const add = form.mode === 'add';
  return (
    <section className="panel pf-section">
      <h2>{t('productForm.sections.pricing')}</h2>
      <div className="pf-grid">
        <Field form={form} name="price" label={t('productForm.fields.price')}>
          <TextInput form={form} name="price" inputMode="decimal" dir="ltr" required placeholder="0.00" />
        </Field>
        <Field form={form} name="priceIqd" label={t('productForm.fields.priceIqd')} hint={t('productForm.hints.priceIqd')}>
          <TextInput form={form} name="priceIqd" inputMode="numeric" dir="ltr" placeholder="0" />
        </Field>
        <Field form={form} name="cost" label={t('productForm.fields.cost')} hint={t('productForm.hints.cost')}>
          <TextInput form={form} name="cost" inputMode="decimal" dir="ltr" required placeholder="0.00" />
        </Field>
        <Field
          form={form}
          name="quantity"
          label={add ? t('productForm.fields.quantity') : t('productForm.fields.quantityInStock')}
          hint={add ? t('productForm.hints.quantityAdd') : t('productForm.hints.quantityEdit')}
        >
          <TextInput form={form} name="quantity" inputMode="numeric" dir="ltr" />
        </Field>
        {form.stockChanged && (
          <Field form={form} name="stockReason" label={t('productForm.fields.stockReason')} hint={t('productForm.hints.stockReason')}>
            <select
              id="pf-stockReason"
              value={form.values.stockReason}
              onChange={(e) => form.set('stockReason', e.target.value as StockAdjustmentReason | '')}
              disabled={form.locked}
              required
              aria-invalid={form.err('stockReason') !== null}
              data-testid="input-stockReason"
            >
              <option value="">{t('productForm.stockReasons.choose')}</option>
              {STOCK_ADJUSTMENT_REASONS.map((r) => (
                <option key={r} value={r}>
                  {t(`productForm.stockReasons.${r}`)}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field form={form} name="reorderLevel" label={t('productForm.fields.reorderLevel')} hint={t('productForm.hints.reorderLevel')}>
          <TextInput form={form} name="reorderLevel" inputMode="numeric" dir="ltr" />
        </Field>
        <Field form={form} name="discount" label={<Optional label={t('productForm.fields.discount')} />}>
          <TextInput form={form} name="discount" inputMode="decimal" dir="ltr" />
        </Field>
        <label className="checkbox pf-active">
          <input
            type="checkbox"
            checked={form.values.active}
            onChange={(e) => form.set('active', e.target.checked)}
            disabled={form.locked}
            data-testid="input-active"
          />
          {t('productForm.fields.active')}
        </label>
      </div>
    </section>
  );
}

/** Descriptions and the image address. */
export function ExtraSection({ form }: Section) {
  const { t } = useTranslation();
  const { values, locked } = form;
  return (
    <section className="panel pf-section">
      <h2>{t('productForm.sections.extra')}</h2>
      <div className="pf-grid">
        <Field form={form} name="descriptionEn" label={<Optional label={t('productForm.fields.descriptionEn')} />}>
          <textarea
            id="pf-descriptionEn"
            dir="ltr"
            rows={3}
            value={values.descriptionEn}
            onChange={(e) => form.set('descriptionEn', e.target.value)}
            disabled={locked}
            data-testid="input-descriptionEn"
          />
        </Field>
        <Field form={form} name="descriptionKu" label={<Optional label={t('productForm.fields.descriptionKu')} />}>
          <textarea
            id="pf-descriptionKu"
            dir="rtl"
            rows={3}
            value={values.descriptionKu}
            onChange={(e) => form.set('descriptionKu', e.target.value)}
            disabled={locked}
            data-testid="input-descriptionKu"
          />
        </Field>
        <Field form={form} name="imageUrl" label={<Optional label={t('productForm.fields.imageUrl')} />}>
          <TextInput form={form} name="imageUrl" dir="ltr" placeholder="https://" />
        </Field>
      </div>
    </section>
  );
}
