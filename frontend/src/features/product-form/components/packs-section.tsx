import { useTranslation } from 'react-i18next';
import type { ProductFormState } from '../hooks/use-product-form.js';
import { EMPTY_PACK, type PackValues } from '../lib/packs.js';
import { Field, TextInput } from './product-fields.js';

/** How the product is sold (by the unit or by weight, with its scale code) and its packs, each with its own barcode and price. */
export function PacksSection({ form }: { form: ProductFormState }) {
  const { t } = useTranslation();
  const { packs, soldBy, priceIqd } = form.values;
  const dinars = priceIqd.trim() !== '';
  const setPack = (i: number, field: keyof PackValues, value: string) =>
    form.set(
      'packs',
      packs.map((p, j) => (j === i ? { ...p, [field]: value } : p)),
    );
  const message = form.err('packs');
  const input = (i: number, field: keyof PackValues, label: string, mode?: 'decimal' | 'numeric') => (
    <label className="field">
      <span>{label}</span>
      <input
        value={packs[i]![field]}
        inputMode={mode}
        dir={mode ? 'ltr' : 'auto'}
        disabled={form.locked}
        onChange={(e) => setPack(i, field, e.target.value)}
        data-testid={`pack-${i}-${field}`}
      />
    </label>
  );
  return (
    <section className="panel pf-section" data-testid="packs-section">
      <h2>{t('productForm.sections.packs')}</h2>
      <div className="pf-grid">
        <Field form={form} name="soldBy" label={t('productForm.fields.soldBy')} hint={t('productForm.hints.soldBy')}>
          <select
            id="pf-soldBy"
            value={soldBy}
            disabled={form.locked}
            onChange={(e) => form.set('soldBy', e.target.value as 'unit' | 'weight')}
            data-testid="input-soldBy"
          >
            <option value="unit">{t('productForm.soldBy.unit')}</option>
            <option value="weight">{t('productForm.soldBy.weight')}</option>
          </select>
        </Field>
        <Field form={form} name="scaleCode" label={t('productForm.fields.scaleCode')} hint={t('productForm.hints.scaleCode')}>
          <TextInput form={form} name="scaleCode" inputMode="numeric" dir="ltr" />
        </Field>
      </div>
      {soldBy === 'unit' && (
        <>
          {packs.map((_, i) => (
            <div className="pf-grid pf-pack" key={i} data-testid="pack-row">
              {input(i, 'barcode', t('productForm.fields.packBarcode'))}
              {input(i, 'units', t('productForm.fields.packUnits'), 'numeric')}
              {input(i, 'price', t('productForm.fields.packPrice'), 'decimal')}
              {dinars && input(i, 'priceIqd', t('productForm.fields.packPriceIqd'), 'numeric')}
              {input(i, 'nameEn', t('productForm.fields.packNameEn'))}
              {input(i, 'nameKu', t('productForm.fields.packNameKu'))}
              <button
                type="button"
                className="button secondary"
                disabled={form.locked}
                onClick={() =>
                  form.set(
                    'packs',
                    packs.filter((_p, j) => j !== i),
                  )
                }
              >
                {t('productForm.packs.remove')}
              </button>
            </div>
          ))}
          {message && (
            <p className="field-error" data-testid="error-packs">
              {message}
            </p>
          )}
          <button
            type="button"
            className="button secondary"
            disabled={form.locked || packs.length >= 10}
            onClick={() => form.set('packs', [...packs, EMPTY_PACK])}
            data-testid="add-pack"
          >
            {t('productForm.packs.add')}
          </button>
        </>
      )}
    </section>
  );
}
