import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText, serverMessage } from '../../../app/api.js';
import { AccessRestricted } from '../../../components/ui/access-restricted.js';
import { FormOutcome } from '../../../components/ui/form-outcome.js';
import { useServerForm } from '../../../components/ui/use-server-form.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useCan } from '../../auth/index.js';
import { usePfCategoryTreeQuery, usePfCreateCategoryMutation } from '../api/product-form-api.js';
import { CategoryPicker } from '../components/category-picker.js';
import { FormPage } from '../components/product-form-frame.js';
import { activeTree, chosenCategory, type CategoryNode } from '../lib/category-path.js';
import { PRODUCT_LIST } from '../hooks/use-product-form.js';
import { productFieldOf } from '../lib/product-form.js';
import '../product-form.css';

interface CategoryValues {
  nameEn: string;
  nameKu: string;
  image: string;
  active: boolean;
}

const EMPTY: CategoryValues = { nameEn: '', nameKu: '', image: '', active: true };

/** /inventory/categories/add (spec part 2 §2): name in both languages, an optional parent chosen level by level. */
export default function AddCategoryPage() {
  const canCreate = useCan('categories', 'create');
  return canCreate ? <AddCategoryForm /> : <AccessRestricted />;
}

function AddCategoryForm() {
  const { t } = useTranslation();
  const tree = usePfCategoryTreeQuery();
  const categories = useMemo(() => activeTree((tree.data ?? []) as CategoryNode[]), [tree.data]);
  const [create, creation] = usePfCreateCategoryMutation();
  const [values, setValues] = useState<CategoryValues>(EMPTY);
  const [path, setPath] = useState<string[]>([]);
  const [nameError, setNameError] = useState<string | null>(null);
  const { formError, setFormError, success, setSuccess, fieldErrors } = useServerForm({ fieldOf: productFieldOf, returnTo: PRODUCT_LIST });
  const locked = creation.isLoading || success !== null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (locked) return;
    setFormError(null);
    if (!values.nameEn.trim()) {
      setNameError(t('productForm.validation.required'));
      document.getElementById('cat-nameEn')?.focus();
      return;
    }
    try {
      await create({
        name: { en: values.nameEn.trim(), ku: values.nameKu.trim() },
        parent: chosenCategory(path) || null,
        ...(values.image.trim() ? { image: values.image.trim() } : {}),
        active: values.active,
      }).unwrap();
      // The form clears after a successful add (spec part 2 §4), then the list follows.
      setValues(EMPTY);
      setPath([]);
      setSuccess(t('productForm.addCategory.success'));
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields.nameEn) setNameError(fields.nameEn);
      setFormError(serverMessage(err) ?? errorText(err, t('productForm.addCategory.error')));
    }
  }

  return (
    <FormPage title={t('productForm.addCategory.title')} subtitle={t('productForm.addCategory.subtitle')} testId="add-category-page">
      <form className="pf-form" onSubmit={submit} noValidate data-testid="category-form">
        <section className="panel pf-section">
          <div className="pf-grid">
            <div className="field">
              <label htmlFor="cat-nameEn">{t('productForm.addCategory.nameEn')}</label>
              <input
                id="cat-nameEn"
                type="text"
                dir="ltr"
                value={values.nameEn}
                onChange={(e) => {
                  setValues((v) => ({ ...v, nameEn: e.target.value }));
                  setNameError(null);
                }}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? 'cat-nameEn-error' : undefined}
                aria-required
                disabled={locked}
                autoComplete="off"
                data-testid="category-name-en"
              />
              {nameError && (
                <p className="field-error" id="cat-nameEn-error" data-testid="error-category-name">
                  {nameError}
                </p>
              )}
            </div>
            <div className="field">
              <label htmlFor="cat-nameKu">
                {t('productForm.addCategory.nameKu')} <span className="pf-optional">{t('productForm.fields.optional')}</span>
              </label>
              <input
                id="cat-nameKu"
                type="text"
                dir="rtl"
                value={values.nameKu}
                onChange={(e) => setValues((v) => ({ ...v, nameKu: e.target.value }))}
                disabled={locked}
                autoComplete="off"
                data-testid="category-name-ku"
              />
            </div>
          </div>

          <div className="field pf-parent">
            <span>
              {t('productForm.addCategory.parent')} <span className="pf-optional">{t('productForm.fields.optional')}</span>
            </span>
            {tree.isLoading ? (
              <Spinner label={t('common.loading')} />
            ) : tree.error && !tree.data ? (
              <ErrorPanel message={errorText(tree.error, t('productForm.category.fetchError'))} onRetry={() => void tree.refetch()} />
            ) : (
              <>
                <CategoryPicker
                  tree={categories}
                  path={path}
                  onChange={setPath}
                  firstLabel={t('productForm.addCategory.topLevel')}
                  disabled={locked}
                  testId="parent"
                />
                <p className="muted small pf-hint">{t('productForm.addCategory.parentHint')}</p>
              </>
            )}
          </div>

          <div className="pf-grid">
            <div className="field">
              <label htmlFor="cat-image">
                {t('productForm.addCategory.image')} <span className="pf-optional">{t('productForm.fields.optional')}</span>
              </label>
              <input
                id="cat-image"
                type="text"
                dir="ltr"
                placeholder="https://"
                value={values.image}
                onChange={(e) => setValues((v) => ({ ...v, image: e.target.value }))}
                disabled={locked}
                autoComplete="off"
              />
            </div>
            <label className="checkbox pf-active">
              <input
                type="checkbox"
                checked={values.active}
                onChange={(e) => setValues((v) => ({ ...v, active: e.target.checked }))}
                disabled={locked}
              />
              {t('productForm.addCategory.active')}
            </label>
          </div>
        </section>

        <FormOutcome error={formError} success={success} note={t('productForm.success.returning')} />

        <div className="row gap end pf-actions">
          <Link className="button" to={PRODUCT_LIST} data-testid="cancel">
            {t('productForm.cancel')}
          </Link>
          <button type="submit" className="button primary" disabled={locked} data-testid="category-submit">
            {creation.isLoading ? t('productForm.addCategory.saving') : t('productForm.addCategory.save')}
          </button>
        </div>
      </form>
    </FormPage>
  );
}
