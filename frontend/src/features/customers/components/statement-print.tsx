import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { AccountEntryDto, Currency } from '@dukan/contracts';
import { useFormat } from '../../../i18n/format.js';
import { PaperPrintButton, usePageSizedTo } from '../../pos/index.js';
import type { CustomerAccount } from '../api/customers-api.js';

/**
 * The customer's statement as a 58 mm print, through the same printer path as the till's receipts: the page of the
 * statement on screen (the newest entries unless another page is picked), each line with both balances after it,
 * under what is owed and the limit, in the language on screen.
 */
export function StatementPrint({ account, name, phone }: { account: CustomerAccount; name: string; phone?: string | undefined }) {
  const { t } = useTranslation();
  const f = useFormat();
  const printRoot = useRef<HTMLDivElement>(null);
  usePageSizedTo(printRoot); // the browser's print, where there is no receipt printer: one page as long as the statement
  const money = (minor: number, c: Currency) => (c === 'IQD' ? f.iqd(minor) : f.usd(minor));
  const { data: entries, pagination } = account.statement;
  const first = (pagination.page - 1) * pagination.limit + 1;
  const entryText = (e: AccountEntryDto) => `${t(`customers.account.kinds.${e.kind}`)}${e.invoiceNumber ? ` ${e.invoiceNumber}` : ''}`;
  const limit = account.creditLimit;
  return (
    <>
      <PaperPrintButton printRoot={printRoot} label={t('customers.account.printStatement')} testId="print-statement" />
      {createPortal(
        <div className="print-root" ref={printRoot} aria-hidden="true">
          <div className="receipt-paper statement-paper" data-testid="statement-print">
            <p className="receipt-shop receipt-center">{t('customers.account.statement')}</p>
            <div className="receipt-meta">
              <div>{name}</div>
              {phone && <div dir="ltr">{phone}</div>}
              <div>{t('customers.account.printedAt', { date: f.dateTime(new Date().toISOString()) })}</div>
            </div>
            <div className="receipt-totals">
              <div>
                <span>{t('customers.account.balance')}</span>
                <strong dir="ltr">{money(account.balance.USD, 'USD')}</strong>
              </div>
              <div>
                <span />
                <strong dir="ltr">{money(account.balance.IQD, 'IQD')}</strong>
              </div>
              <div>
                <span>{t('customers.account.limit')}</span>
                <span dir="ltr">
                  {limit.amountMinor === 0 ? t('customers.account.noCredit') : money(limit.amountMinor, limit.currency)}
                </span>
              </div>
            </div>
            {pagination.pages > 1 && (
              <p className="receipt-center">
                {t('customers.account.printedPart', {
                  from: f.number(first),
                  to: f.number(first + entries.length - 1),
                  total: f.number(pagination.total),
                })}
              </p>
            )}
            {entries.length === 0 ? (
              <p>{t('customers.account.empty')}</p>
            ) : (
              <table className="receipt-items">
                <thead>
                  <tr>
                    <th>{t('customers.account.entry')}</th>
                    <th className="num">{t('customers.account.amount')}</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((e) => (
                    <tr key={e._id} data-testid="statement-print-row">
                      <td>
                        {f.date(e.createdAt)} · {entryText(e)}
                        <br />
                        <span className="muted">
                          {t('customers.account.balance')}: <span dir="ltr">{money(e.balanceAfter.USD, 'USD')}</span> ·{' '}
                          <span dir="ltr">{money(e.balanceAfter.IQD, 'IQD')}</span>
                        </span>
                      </td>
                      <td className="num" dir="ltr">
                        {e.amountMinor > 0 ? '+' : '−'}
                        {money(Math.abs(e.amountMinor), e.currency)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </div>,
        document.body,
      )}
    </>
  );
}
