import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SUCCESS_REDIRECT_MS, toCents, type ProductDto } from '@dukan/contracts';
import { errorText, serverMessage, validationMessages } from '../../../app/api.js';
import { AccessRestricted } from '../../../components/ui/access-restricted.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useFormat } from '../../../i18n/format.js';
import { useCan } from '../../auth/use-permissions.js';
import {
  usePfCategoryTreeQuery,
  usePfCreateProductMutation,
  usePfGenerateBarcodeMutation,
  usePfProductQuery,
  usePfSearchProductsQuery,
  usePfUpdateProductMutation,
} from '../api/product-form-api.js';
import { CategoryPicker } from '../components/category-picker.js';
import { CopyProduct } from '../components/copy-product.js';
import { CostHistory } from '../components/cost-history.js';
import { FormOutcome } from '../components/form-outcome.js';
import { activeTree, categoryName, chosenCategory, pathTo, type CategoryNode } from '../lib/category-path.js';
import {
  EMPTY_VALUES,
  serverFieldErrors,
  toPayload,
  validateProduct,
  valuesFromProduct,
  type FieldErrors,
  type FieldName,
  type FormMode,
  type ProductFormValues,
} from '../lib/product-form.js';
import '../product-form.css';

const LIST = '/inventory/products';

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
      <Frame mode="edit">
        <Spinner label={t('productForm.loadingProduct')} />
      </Frame>
    );
  }
  if (error && !data) {
    const status = typeof error === 'object' && 'status' in error ? error.status : undefined;
    return (
      <Frame mode="edit">
        {status === 404 ? (
          <section className="panel not-found" data-testid="product-not-found">
            <p>{t('productForm.notFound')}</p>
            <Link className="button" to={LIST}>
              {t('productForm.back')}
            </Link>
          </section>
        ) : (
          <ErrorPanel message={errorText(error, t('productForm.errors.get'))} onRetry={() => void refetch()} />
        )}
      </Frame>
    );
  }
  // Keyed by id: a refetch after saving does not overwrite what is on screen.
  return data ? <ProductForm key={data._id} mode="edit" product={data} /> : null;
}

function Frame({ mode, children }: { mode: FormMode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="page product-form-page" data-testid="product-form-page">
      <header className="page-header">
        <div>
          <h1>{mode === 'add' ? t('productForm.addTitle') : t('productForm.editTitle')}</h1>
          <p className="muted">{mode === 'add' ? t('productForm.addSubtitle') : t('productForm.editSubtitle')}</p>
        </div>
        <Link className="button" to={LIST} data-testid="back">
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

type Texts = Partial<Record<FieldName, string>>;

function without<T extends object>(o: T, key: keyof T): T {
  const copy = { ...o };
  delete copy[key];
  return copy;
}

function ProductForm({ mode, product }: { mode: FormMode; product?: ProductDto }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const canAddCategory = useCan('categories', 'create');
  const loaded = useMemo(() => (product ? valuesFromProduct(product) : undefined), [product]);
  const [values, setValues] = useState<ProductFormValues>(loaded ?? EMPTY_VALUES);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverErrors, setServerErrors] = useState<Texts>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [isNewBarcode, setIsNewBarcode] = useState(false);
  const [path, setPath] = useState<string[]>([]);
  const [copied, setCopied] = useState<string | null>(null);
  const [skuTerm, setSkuTerm] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const tree = usePfCategoryTreeQuery();
  const categories = useMemo(() => activeTree((tree.data ?? []) as CategoryNode[]), [tree.data]);
  const [generate, generation] = usePfGenerateBarcodeMutation();
  const [create, creation] = usePfCreateProductMutation();
  const [update, updating] = usePfUpdateProductMutation();
  const saving = creation.isLoading || updating.isLoading;
  const locked = saving || success !== null;

  // The chosen category's path, once the tree is here (edit, or a copied product).
  useEffect(() => {
    if (!tree.data || !values.category) return;
    if (chosenCategory(path) === values.category) return;
    setPath(pathTo(categories, values.category));
  }, [tree.data, categories, values.category]);
  const categoryMissing = Boolean(tree.data && values.category && pathTo(categories, values.category).length === 0);

  // A new product gets a generated barcode at once (spec part 2 §3).
  const generatedOnce = useRef(false);
  useEffect(() => {
    if (mode !== 'add' || generatedOnce.current) return;
    generatedOnce.current = true;
    void newBarcode(true);
  }, []);

  // Back to the list 2 s after a successful save.
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => navigate(LIST), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [success, navigate]);

  // Is the SKU already sold? Then saving adds a batch to that product (the server merges by SKU).
  const skuSearch = usePfSearchProductsQuery(skuTerm, { skip: mode !== 'add' || skuTerm.length === 0 });
  const skuMatch =
    mode === 'add' && values.sku.trim()
      ? (skuSearch.data ?? []).find((p) => p.sku.toLowerCase() === values.sku.trim().toLowerCase() && skuTerm.toLowerCase() === p.sku.toLowerCase())
      : undefined;

  function set<K extends FieldName>(field: K, value: ProductFormValues[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    // Errors clear when the field is edited (spec part 2 §5).
    setErrors((prev) => (prev[field] ? without(prev, field) : prev));
    setServerErrors((prev) => (prev[field] ? without(prev, field) : prev));
  }

  async function newBarcode(initial = false) {
    try {
      const code = await generate().unwrap();
      // The user may have typed (or copied) a barcode while the first one was on its way.
      if (initial && valuesRef.current.barcode) return;
      set('barcode', code);
      setIsNewBarcode(true);
    } catch (e) {
      if (!initial) setFormError(errorText(e, t('productForm.barcode.generateError')));
    }
  }

  function clearBarcode() {
    set('barcode', '');
    setIsNewBarcode(false);
  }

  function copyFrom(p: ProductDto) {
    const from = valuesFromProduct(p);
    // A copy is a new batch, not the whole stock: quantity starts again at 1. An inactive category is not offered.
    const usable = !tree.data || pathTo(categories, from.category).length > 0;
    setValues({ ...from, quantity: EMPTY_VALUES.quantity, category: usable ? from.category : '' });
    setIsNewBarcode(false);
    setErrors({});
    setServerErrors({});
    setFormError(null);
    setPath([]);
    setSkuTerm(p.sku);
    setCopied(i18n.language === 'ku' ? p.name.ku || p.name.en : p.name.en);
  }

  function takeExistingBarcode(barcode: string) {
    set('barcode', barcode);
    setIsNewBarcode(false);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (locked) return;
    setFormError(null);
    setServerErrors({});
    const found = validateProduct(values, mode, loaded);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFormError(t('productForm.validation.checkFields'));
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const body = toPayload(values, mode, isNewBarcode, loaded);
    try {
      if (mode === 'add') {
        const saved = await create(body).unwrap();
        setSuccess(saved.merged ? saved.message || t('productForm.merge.merged') : t('productForm.success.added'));
      } else {
        await update({ id: product!._id, body }).unwrap();
        setSuccess(t('productForm.success.updated'));
      }
    } catch (err) {
      const byField = serverFieldErrors(err);
      setServerErrors(byField);
      const shown = new Set(Object.values(byField));
      const others = validationMessages(err).filter((m) => !shown.has(m));
      const main = serverMessage(err) ?? errorText(err, mode === 'add' ? t('productForm.errors.add') : t('productForm.errors.update'));
      setFormError(others.length ? `${main}: ${others.join(' ')}` : main);
    }
  }

  function reset() {
    setValues(loaded ?? { ...EMPTY_VALUES, barcode: values.barcode });
    setPath(loaded ? pathTo(categories, loaded.category) : []);
    setErrors({});
    setServerErrors({});
    setFormError(null);
    setCopied(null);
    setSkuTerm('');
  }

  const err = (field: FieldName): string | null => {
    const e = errors[field];
    if (e) return t(`productForm.validation.${e.key}`, { ...e.params, min: e.params?.min !== undefined ? f.number(e.params.min) : undefined });
    return serverErrors[field] ?? null;
  };

  const field = (name: FieldName, label: ReactNode, input: ReactNode, hint?: string) => {
    const message = err(name);
    return (
      <div className="field" data-testid={`field-${name}`}>
        <label htmlFor={`pf-${name}`}>{label}</label>
        {input}
        {hint && !message && <p className="muted small pf-hint">{hint}</p>}
        {message && (
          <p className="field-error" id={`pf-${name}-error`} data-testid={`error-${name}`}>
            {message}
          </p>
        )}
      </div>
    );
  };

  const text = (name: FieldName, opts: { inputMode?: 'decimal' | 'numeric'; dir?: 'ltr' | 'rtl' | 'auto'; required?: boolean; placeholder?: string } = {}) => (
    <input
      id={`pf-${name}`}
      name={name}
      type="text"
      value={values[name] as string}
      onChange={(e) => set(name, e.target.value)}
      aria-invalid={err(name) ? true : undefined}
      aria-describedby={err(name) ? `pf-${name}-error` : undefined}
      aria-required={opts.required || undefined}
      inputMode={opts.inputMode}
      dir={opts.dir}
      placeholder={opts.placeholder}
      disabled={locked}
      autoComplete="off"
      data-testid={`input-${name}`}
    />
  );

  const optional = (label: string) => (
    <>
      {label} <span className="pf-optional">{t('productForm.fields.optional')}</span>
    </>
  );
  const productName = (p: { name: { en: string; ku?: string } }) => (i18n.language === 'ku' ? p.name.ku || p.name.en : p.name.en);

  return (
    <Frame mode={mode}>
      {mode === 'add' && <CopyProduct onCopy={copyFrom} />}
      {copied && (
        <p className="info-box pf-notice" role="status" data-testid="copied">
          {t('productForm.copy.copied', { name: copied })}
        </p>
      )}

      <form ref={formRef} className="pf-form" onSubmit={submit} noValidate data-testid="product-form">
        {skuMatch && (
          <div className="info-box pf-merge" role="status" data-testid="merge-notice">
            <p>{t('productForm.merge.existing', { name: productName(skuMatch), quantity: f.number(skuMatch.quantity) })}</p>
            <p>{t('productForm.merge.explain', { name: productName(skuMatch) })}</p>
            {skuMatch.barcode && skuMatch.barcode !== values.barcode.trim() && (
              <p className="row gap">
                <span>{t('productForm.merge.barcodeDiffers', { barcode: skuMatch.barcode })}</span>
                <button type="button" className="button small" onClick={() => takeExistingBarcode(skuMatch.barcode!)} disabled={locked} data-testid="use-existing-barcode">
                  {t('productForm.merge.useBarcode')}
                </button>
              </p>
            )}
          </div>
        )}

        <section className="panel pf-section">
          <h2>{t('productForm.sections.basics')}</h2>
          <div className="pf-grid pf-two">
            {field('nameEn', t('productForm.fields.nameEn'), text('nameEn', { required: true, dir: 'ltr' }))}
            {field('nameKu', optional(t('productForm.fields.nameKu')), text('nameKu', { dir: 'rtl' }))}
            {field(
              'sku',
              t('productForm.fields.sku'),
              <input
                id="pf-sku"
                name="sku"
                type="text"
                dir="ltr"
                value={values.sku}
                onChange={(e) => set('sku', e.target.value)}
                onBlur={() => setSkuTerm(values.sku.trim())}
                aria-invalid={err('sku') ? true : undefined}
                aria-describedby={err('sku') ? 'pf-sku-error' : undefined}
                aria-required
                disabled={locked}
                autoComplete="off"
                data-testid="input-sku"
              />,
            )}
            {field(
              'barcode',
              t('productForm.fields.barcode'),
              <div className="input-with-button pf-barcode">
                <input
                  id="pf-barcode"
                  name="barcode"
                  type="text"
                  dir="ltr"
                  inputMode="numeric"
                  value={values.barcode}
                  onChange={(e) => {
                    set('barcode', e.target.value);
                    setIsNewBarcode(false);
                  }}
                  aria-invalid={err('barcode') ? true : undefined}
                  aria-describedby={err('barcode') ? 'pf-barcode-error' : undefined}
                  aria-required
                  disabled={locked}
                  autoComplete="off"
                  data-testid="input-barcode"
                />
                <button type="button" className="button small" onClick={() => void newBarcode()} disabled={locked || generation.isLoading} data-testid="barcode-generate">
                  {generation.isLoading ? t('productForm.barcode.generating') : values.barcode ? t('productForm.barcode.regenerate') : t('productForm.barcode.generate')}
                </button>
                <button type="button" className="button small" onClick={clearBarcode} disabled={locked || !values.barcode} data-testid="barcode-clear">
                  {t('productForm.barcode.clear')}
                </button>
              </div>,
              isNewBarcode ? t('productForm.hints.barcodeNew') : undefined,
            )}
          </div>
        </section>

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
              {err('category') && <p className="field-error">{err('category')}</p>}
            </>
          ) : (
            <>
              {categoryMissing && product?.category && (
                <p className="muted small" data-testid="category-unavailable">
                  {t('productForm.category.unavailable', { name: categoryName(product.category, i18n.language) })}
                </p>
              )}
              <CategoryPicker
                tree={categories}
                path={path}
                firstLabel={t('productForm.category.choose')}
                disabled={locked}
                error={err('category')}
                onChange={(p) => {
                  setPath(p);
                  set('category', chosenCategory(p));
                }}
              />
            </>
          )}
        </section>

        <section className="panel pf-section">
          <h2>{t('productForm.sections.pricing')}</h2>
          <div className="pf-grid">
            {field('price', t('productForm.fields.price'), text('price', { inputMode: 'decimal', dir: 'ltr', required: true, placeholder: '0.00' }))}
            {field('cost', t('productForm.fields.cost'), text('cost', { inputMode: 'decimal', dir: 'ltr', required: true, placeholder: '0.00' }), t('productForm.hints.cost'))}
            {field(
              'quantity',
              mode === 'add' ? t('productForm.fields.quantity') : t('productForm.fields.quantityInStock'),
              text('quantity', { inputMode: 'numeric', dir: 'ltr' }),
              mode === 'add' ? t('productForm.hints.quantityAdd') : t('productForm.hints.quantityEdit'),
            )}
            {field('reorderLevel', t('productForm.fields.reorderLevel'), text('reorderLevel', { inputMode: 'numeric', dir: 'ltr' }), t('productForm.hints.reorderLevel'))}
            {field('discount', optional(t('productForm.fields.discount')), text('discount', { inputMode: 'decimal', dir: 'ltr' }))}
            <label className="checkbox pf-active">
              <input type="checkbox" checked={values.active} onChange={(e) => set('active', e.target.checked)} disabled={locked} data-testid="input-active" />
              {t('productForm.fields.active')}
            </label>
          </div>
        </section>

        <section className="panel pf-section">
          <h2>{t('productForm.sections.extra')}</h2>
          <div className="pf-grid">
            {field(
              'descriptionEn',
              optional(t('productForm.fields.descriptionEn')),
              <textarea id="pf-descriptionEn" dir="ltr" rows={3} value={values.descriptionEn} onChange={(e) => set('descriptionEn', e.target.value)} disabled={locked} data-testid="input-descriptionEn" />,
            )}
            {field(
              'descriptionKu',
              optional(t('productForm.fields.descriptionKu')),
              <textarea id="pf-descriptionKu" dir="rtl" rows={3} value={values.descriptionKu} onChange={(e) => set('descriptionKu', e.target.value)} disabled={locked} data-testid="input-descriptionKu" />,
            )}
            {field('imageUrl', optional(t('productForm.fields.imageUrl')), text('imageUrl', { dir: 'ltr', placeholder: 'https://' }))}
          </div>
        </section>

        {mode === 'edit' && product?.costHistory && <CostHistory history={product.costHistory} averageCostCents={toCents(product.cost)} />}

        <FormOutcome error={formError} success={success} />

        <div className="row gap end pf-actions">
          <Link className="button" to={LIST} data-testid="cancel">
            {t('productForm.cancel')}
          </Link>
          <button type="button" className="button" onClick={reset} disabled={locked} data-testid="reset">
            {t('productForm.reset')}
          </button>
          <button type="submit" className="button primary" disabled={locked} data-testid="submit">
            {saving ? t('productForm.saving') : mode === 'add' ? t('productForm.save') : t('productForm.update')}
          </button>
        </div>
      </form>
    </Frame>
  );
}
