import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BranchDto, ProductDto } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useFormat } from '../../../i18n/format.js';
import { toWesternDigits } from '../../../lib/money.js';
import { useCan } from '../../auth/index.js';
import { useBranchPricesQuery, useSetBranchPriceMutation } from '../../transfers/index.js';
import { useChain } from '../../transfers/index.js';

/** "Prices by branch": a chain's own price per branch for this product; a single shop never sees it. */
export function BranchPricesSection({ product }: { product: ProductDto }) {
  const { t } = useTranslation();
  const chain = useChain();
  const canEdit = useCan('products', 'edit');
  const prices = useBranchPricesQuery(product._id, { skip: !chain.isChain || !canEdit });
  if (!chain.isChain || !canEdit) return null;
  return (
    <section className="panel pf-section branch-prices" data-testid="branch-prices">
      <h2>{t('transfers.prices.title')}</h2>
      <p className="muted small">{t('transfers.prices.hint')}</p>
      {prices.isError ? (
        <p className="form-error" role="alert">
          {errorText(prices.error, t('transfers.prices.loadError'))}
        </p>
      ) : !prices.data ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <ul className="transfer-lines">
          {chain.mine.map((b) => {
            const own = prices.data.find((p) => p.branchId === b._id);
            return <BranchPriceRow key={b._id} product={product} branch={b} price={own?.price ?? null} />;
          })}
        </ul>
      )}
    </section>
  );
}

function BranchPriceRow({ product, branch, price }: { product: ProductDto; branch: BranchDto; price: number | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [value, setValue] = useState(price === null ? '' : String(price));
  // The server's price, once it answers a change (or another user's change arrives), is what the field shows.
  useEffect(() => setValue(price === null ? '' : String(price)), [price]);
  const [save, { isLoading }] = useSetBranchPriceMutation();
  // Text keys, not texts: the outcome follows a change of language.
  const [outcome, setOutcome] = useState<{ ok: true; key: string } | { ok: false; error: unknown } | null>(null);
  const typed = toWesternDigits(value).trim();
  const amount = Number(typed);
  const valid = typed === '' || (Number.isFinite(amount) && amount >= 0);

  async function apply(next: number | null) {
    setOutcome(null);
    try {
      await save({ id: product._id, branchId: branch._id, price: next }).unwrap();
      setOutcome({ ok: true, key: next === null ? 'transfers.prices.cleared' : 'transfers.prices.saved' });
    } catch (err) {
      setOutcome({ ok: false, error: err });
    }
  }

  return (
    <li data-testid="branch-price" data-branch={branch._id}>
      <div className="transfer-line">
        <label className="row gap">
          <span>{branch.name}</span>
          <input
            type="text"
            inputMode="decimal"
            dir="ltr"
            value={value}
            placeholder={`${t('transfers.prices.productPrice')}: ${f.usd(Math.round(product.price * 100))}`}
            aria-invalid={!valid || undefined}
            disabled={isLoading}
            onChange={(e) => setValue(e.target.value)}
            data-testid="branch-price-input"
          />
        </label>
        <span className="row gap">
          <button
            type="button"
            className="button small primary"
            disabled={isLoading || !valid || typed === ''}
            onClick={() => void apply(amount)}
            data-testid="branch-price-save"
          >
            {t('transfers.prices.save')}
          </button>
          <button
            type="button"
            className="button small"
            disabled={isLoading || price === null}
            onClick={() => {
              setValue('');
              void apply(null);
            }}
            data-testid="branch-price-clear"
          >
            {t('transfers.prices.clear')}
          </button>
        </span>
      </div>
      {!valid && <p className="field-error">{t('transfers.prices.invalid')}</p>}
      {outcome && (
        <p className={outcome.ok ? 'muted small' : 'field-error'} role={outcome.ok ? 'status' : 'alert'} data-testid="branch-price-outcome">
          {outcome.ok ? t(outcome.key, { branch: branch.name }) : errorText(outcome.error, t('transfers.prices.error'))}
        </p>
      )}
    </li>
  );
}
