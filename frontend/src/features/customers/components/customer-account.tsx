import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidAmount, type AccountEntryDto, type Currency } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Pagination } from '../../../components/ui/pagination.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useFormat } from '../../../i18n/format.js';
import { sanitizeAmountInput, typedAmountToMinor } from '../../../lib/money.js';
import { useCan } from '../../auth/index.js';
import { customersApi, useCustomerAccountQuery, useCustomerCreditLimitMutation } from '../api/customers-api.js';
import { useAppSelector } from '../../../app/hooks.js';
import { readBranch } from '../../../app/session.js';
import { saveFile } from '../../inventory/index.js';
import { RepaymentDialog } from './repayment-dialog.js';
import { StatementPrint } from './statement-print.js';

const useRate = () => customersApi.endpoints.customerAccountRate.useQuery().data ?? 0;

/** A customer's account: what they owe in each currency, the limit (editable with customers → credit), the statement. */
export function CustomerAccount({
  customerId,
  name,
  phone,
  onClose,
}: {
  customerId: string;
  name: string;
  /** As shown on the customers page, printed under the name on the statement. */
  phone?: string | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const toast = useToast();
  const token = useAppSelector((st) => st.auth.token);
  const canCredit = useCan('customers', 'credit');
  const [page, setPage] = useState<number | undefined>(undefined);
  const [repaying, setRepaying] = useState(false);
  const [limitTyped, setLimitTyped] = useState<string | null>(null);
  const [limitCurrency, setLimitCurrency] = useState<Currency>('USD');
  const { data, error, isLoading, refetch } = useCustomerAccountQuery({ id: customerId, page });
  const [saveLimit, savingLimit] = useCustomerCreditLimitMutation();
  const rate = useRate();
  const money = (minor: number, c: Currency) => (c === 'IQD' ? f.iqd(minor) : f.usd(minor));

  async function submitLimit() {
    if (limitTyped === null) return;
    const amountMinor = typedAmountToMinor(limitTyped || '0', limitCurrency);
    // The server's rule for a limit: an amount from zero (0: no credit), refused in its words.
    if (!isValidAmount(amountMinor, 'amountOrZero')) return toast.error(t('customers.account.invalidLimit'));
    try {
      await saveLimit({ id: customerId, currency: limitCurrency, amountMinor }).unwrap();
      toast.success(t('customers.account.limitSaved'));
      setLimitTyped(null);
    } catch (err) {
      toast.error(errorText(err, t('customers.account.limitFailed')));
    }
  }

  /** The statement as PDF (A4, or a 58 mm roll for the till's printer), in the language on screen. */
  async function downloadStatement(paper: 'a4' | '58') {
    try {
      const branch = readBranch();
      const res = await fetch(`${window.location.origin}/api/customers/${encodeURIComponent(customerId)}/statement/pdf?paper=${paper}`, {
        headers: {
          Authorization: `Bearer ${token ?? ''}`,
          'Accept-Language': i18n.language === 'ku' ? 'ku' : 'en',
          ...(branch ? { 'X-Dukan-Branch': branch } : {}),
        },
      });
      if (!res.ok) throw { status: res.status, data: await res.json().catch(() => null) };
      saveFile(await res.blob(), `statement-${paper === '58' ? '58mm' : 'a4'}.pdf`);
    } catch (e) {
      toast.error(errorText(e, t('customers.account.fetchError')));
    }
  }

  const entryText = (e: AccountEntryDto) =>
    `${t(`customers.account.kinds.${e.kind}`)}${e.invoiceNumber ? ` ${e.invoiceNumber}` : ''}${e.note ? ` · ${e.note}` : ''}`;

  return (
    <section className="panel customer-account" data-testid="customer-account">
      <header className="row gap between">
        <h2>{t('customers.account.title', { name })}</h2>
        <button type="button" className="icon-button" aria-label={t('customers.account.close')} onClick={onClose}>
          ×
        </button>
      </header>
      {error && !data ? (
        <ErrorPanel message={errorText(error, t('customers.account.fetchError'))} onRetry={() => void refetch()} />
      ) : isLoading || !data ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <>
          <dl className="totals account-summary">
            <div>
              <dt>{t('customers.account.balance')}</dt>
              <dd>
                <strong dir="ltr" data-testid="owed-usd">
                  {money(data.balance.USD, 'USD')}
                </strong>
                {' · '}
                <strong dir="ltr" data-testid="owed-iqd">
                  {money(data.balance.IQD, 'IQD')}
                </strong>
                {data.owingSince && <span className="muted"> — {t('customers.account.since', { date: f.date(data.owingSince) })}</span>}
              </dd>
            </div>
            {(data.held.USD > 0 || data.held.IQD > 0) && (
              <div className="muted">
                {t('customers.account.held', { amount: `${money(data.held.USD, 'USD')} · ${money(data.held.IQD, 'IQD')}` })}
              </div>
            )}
            <div>
              <dt>{t('customers.account.limit')}</dt>
              <dd data-testid="credit-limit">
                {limitTyped === null ? (
                  <>
                    <span dir="ltr">
                      {data.creditLimit.amountMinor === 0
                        ? t('customers.account.noCredit')
                        : money(data.creditLimit.amountMinor, data.creditLimit.currency)}
                    </span>{' '}
                    {canCredit && (
                      <button
                        type="button"
                        className="button small"
                        data-testid="edit-limit"
                        onClick={() => {
                          setLimitCurrency(data.creditLimit.currency);
                          const l = data.creditLimit;
                          setLimitTyped(l.currency === 'IQD' ? String(l.amountMinor) : (l.amountMinor / 100).toFixed(2));
                        }}
                      >
                        {t('customers.account.editLimit')}
                      </button>
                    )}
                  </>
                ) : (
                  <span className="input-with-button">
                    <select
                      value={limitCurrency}
                      onChange={(e) => setLimitCurrency(e.target.value as Currency)}
                      data-testid="limit-currency"
                    >
                      <option value="USD">USD</option>
                      <option value="IQD">IQD</option>
                    </select>
                    <input
                      inputMode="decimal"
                      dir="ltr"
                      value={limitTyped}
                      onChange={(e) => setLimitTyped(sanitizeAmountInput(e.target.value))}
                      data-testid="limit-amount"
                    />
                    <button
                      type="button"
                      className="button small primary"
                      disabled={savingLimit.isLoading}
                      onClick={() => void submitLimit()}
                      data-testid="save-limit"
                    >
                      {t('customers.account.saveLimit')}
                    </button>
                  </span>
                )}
              </dd>
            </div>
          </dl>
          <div className="row gap">
            <button
              type="button"
              className="button primary"
              disabled={data.balance.USD <= 0 && data.balance.IQD <= 0}
              onClick={() => setRepaying(true)}
              data-testid="take-repayment"
            >
              {t('customers.account.repay')}
            </button>
            <button type="button" className="button" onClick={() => void downloadStatement('a4')} data-testid="statement-pdf">
              {t('customers.account.pdf')}
            </button>
            <button type="button" className="button" onClick={() => void downloadStatement('58')} data-testid="statement-58">
              {t('customers.account.print58')}
            </button>
            <StatementPrint account={data} name={name} phone={phone} />
          </div>
          <h3>{t('customers.account.statement')}</h3>
          {data.statement.data.length === 0 ? (
            <p className="muted">{t('customers.account.empty')}</p>
          ) : (
            <div className="table-scroll">
              <table className="table compact" data-testid="statement">
                <thead>
                  <tr>
                    <th>{t('customers.account.date')}</th>
                    <th>{t('customers.account.entry')}</th>
                    <th className="num">{t('customers.account.amount')}</th>
                    <th>{t('customers.account.paid')}</th>
                    <th className="num">{t('customers.account.balanceUsd')}</th>
                    <th className="num">{t('customers.account.balanceIqd')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.statement.data.map((e) => (
                    <tr key={e._id} data-testid="statement-row" data-kind={e.kind}>
                      <td>{f.dateTime(e.createdAt)}</td>
                      <td>{entryText(e)}</td>
                      <td className="num" dir="ltr">
                        {e.amountMinor > 0 ? '+' : '−'}
                        {money(Math.abs(e.amountMinor), e.currency)}
                      </td>
                      <td>
                        {e.paid && (
                          <span dir="ltr">
                            {t(`customers.account.methods.${e.paid.method}`)} {money(e.paid.amountMinor, e.paid.currency)}
                            {e.paid.currency !== e.currency && ` @ ${f.number(e.exchangeRate)}`}
                          </span>
                        )}
                      </td>
                      <td className="num" dir="ltr">
                        {money(e.balanceAfter.USD, 'USD')}
                      </td>
                      <td className="num" dir="ltr">
                        {money(e.balanceAfter.IQD, 'IQD')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination page={data.statement.pagination.page} pages={data.statement.pagination.pages} onPage={setPage} />
        </>
      )}
      {repaying && data && (
        <RepaymentDialog customerId={customerId} name={name} owed={data.balance} rate={rate} onClose={() => setRepaying(false)} />
      )}
    </section>
  );
}
