import { useEffect, useEffectEvent, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductDto } from '@dukan/contracts';
import { errorText, serverMessage, validationMessages } from '../../../app/api.js';
import { useServerForm } from '../../../components/ui/use-server-form.js';
import { useFormat } from '../../../i18n/format.js';
import {
  usePfCategoryTreeQuery,
  usePfCreateProductMutation,
  usePfGenerateBarcodeMutation,
  usePfSearchProductsQuery,
  usePfUpdateProductMutation,
} from '../api/product-form-api.js';
import { activeTree, chosenCategory, pathTo, type CategoryNode } from '../lib/category-path.js';
import {
  EMPTY_VALUES,
  productFieldOf,
  stockChanged,
  toPayload,
  validateProduct,
  valuesFromProduct,
  type FieldErrors,
  type FieldName,
  type FormMode,
  type ProductFormValues,
} from '../lib/product-form.js';

export const PRODUCT_LIST = '/inventory/products';

type Texts = Partial<Record<FieldName, string>>;

function without<T extends object>(o: T, key: keyof T): T {
  const copy = { ...o };
  delete copy[key];
  return copy;
}

/**
 * The product form's state and what the user can do with it: edit a field, generate or clear a barcode, copy an
 * existing product, save (checked first here, then by the server) and reset. Back to the list 2 s after a save.
 */
export function useProductForm(mode: FormMode, product?: ProductDto) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const loaded = useMemo(() => (product ? valuesFromProduct(product) : undefined), [product]);
  const [values, setValues] = useState<ProductFormValues>(loaded ?? EMPTY_VALUES);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverErrors, setServerErrors] = useState<Texts>({});
  // Back to the list 2 s after a successful save.
  const { formError, setFormError, success, setSuccess, fieldErrors } = useServerForm({ fieldOf: productFieldOf, returnTo: PRODUCT_LIST });
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
  // The path the user is picking is read, not followed: following it would loop on a category that is gone.
  const showCategoryPath = useEffectEvent((category: string) => {
    if (chosenCategory(path) !== category) setPath(pathTo(categories, category));
  });
  useEffect(() => {
    if (tree.data && values.category) showCategoryPath(values.category);
  }, [tree.data, categories, values.category]);
  const categoryMissing = Boolean(tree.data && values.category && pathTo(categories, values.category).length === 0);

  // A new product gets a generated barcode at once (spec part 2 §3).
  const generatedOnce = useRef(false);
  const generateFirstBarcode = useEffectEvent(() => {
    if (mode !== 'add' || generatedOnce.current) return;
    generatedOnce.current = true;
    void newBarcode(true);
  });
  useEffect(() => generateFirstBarcode(), []);

  // Is the SKU already sold? Then saving adds a batch to that product (the server merges by SKU).
  const skuSearch = usePfSearchProductsQuery(skuTerm, { skip: mode !== 'add' || skuTerm.length === 0 });
  const skuMatch =
    mode === 'add' && values.sku.trim()
      ? (skuSearch.data ?? []).find(
          (p) => p.sku.toLowerCase() === values.sku.trim().toLowerCase() && skuTerm.toLowerCase() === p.sku.toLowerCase(),
        )
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

  /** A barcode typed, cleared or taken from the existing product: not a generated one. */
  function setOwnBarcode(barcode: string) {
    set('barcode', barcode);
    setIsNewBarcode(false);
  }

  function chooseCategory(p: string[]) {
    setPath(p);
    set('category', chosenCategory(p));
  }

  function copyFrom(p: ProductDto) {
    const from = valuesFromProduct(p);
    // A copy is a new batch, not the whole stock: quantity starts again at 1. An inactive category is not offered.
    const usable = !tree.data || pathTo(categories, from.category).length > 0;
    // Packs' barcodes and the scale code are the other product's own: not copied.
    setValues({ ...from, quantity: EMPTY_VALUES.quantity, category: usable ? from.category : '', packs: [], scaleCode: '' });
    setIsNewBarcode(false);
    setErrors({});
    setServerErrors({});
    setFormError(null);
    setPath([]);
    setSkuTerm(p.sku);
    setCopied(i18n.language === 'ku' ? p.name.ku || p.name.en : p.name.en);
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
      const byField = fieldErrors(err);
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

  /** The message under a field: its own check's, else the server's. */
  const err = (field: FieldName): string | null => {
    const e = errors[field];
    if (e)
      return t(`productForm.validation.${e.key}`, { ...e.params, min: e.params?.min !== undefined ? f.number(e.params.min) : undefined });
    return serverErrors[field] ?? null;
  };

  return {
    mode,
    product,
    values,
    /** An edit changes the stock by hand: the form asks why. */
    stockChanged: stockChanged(values, mode, loaded),
    set,
    err,
    formRef,
    formError,
    success,
    saving,
    locked,
    isNewBarcode,
    generating: generation.isLoading,
    newBarcode,
    setOwnBarcode,
    tree,
    categories,
    path,
    categoryMissing,
    chooseCategory,
    copied,
    copyFrom,
    skuMatch,
    lookUpSku: () => setSkuTerm(values.sku.trim()),
    submit,
    reset,
  };
}

export type ProductFormState = ReturnType<typeof useProductForm>;
