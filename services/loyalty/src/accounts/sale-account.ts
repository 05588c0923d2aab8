import type { EntityManager } from 'typeorm';
import { accountCharge, CURRENCIES, type SaleEventData, type SaleRefundedData, type SaleVoidedData } from '@dukan/contracts';
import { DomainError } from '@dukan/platform';
import { lockCustomer } from '../points/points.ledger.js';
import { postEntry, saleOnAccount, type AccountCustomer } from './account.book.js';

/**
 * What sales' events do to a customer's account, inside the handler's transaction (exactly once: the inbox, and the
 * entries' own (kind, ref, currency) key for an event sent again under another id). A sale's account tenders become
 * owed and its hold is consumed; a refund's account tenders and a void's remainder go back on the account.
 */
export async function chargeSale(m: EntityManager, d: SaleEventData): Promise<void> {
  const charge = accountCharge(d.tenders ?? []);
  if (!d.customerId || (charge.USD === 0 && charge.IQD === 0)) return;
  const customer = (await lockCustomer(m, d.customerId)) as AccountCustomer | null;
  // Held by loyalty before the sale was made, so never unknown: parked for a person if it is.
  if (!customer) throw DomainError.notFound('entities.customer');
  for (const currency of CURRENCIES) {
    await postEntry(m, customer, {
      kind: 'sale',
      currency,
      amountMinor: charge[currency],
      exchangeRate: d.exchangeRate,
      branchId: d.branchId,
      refId: d.saleId,
      saleId: d.saleId,
      invoiceNumber: d.invoiceNumber,
      actorId: d.cashierId,
      at: d.completedAt,
    });
  }
  await m.query(`UPDATE account_holds SET status = 'consumed' WHERE sale_id = $1`, [d.saleId]);
}

/** Money a refund gave back to the account tender: the customer owes that much less. */
export async function returnToAccount(m: EntityManager, d: SaleRefundedData): Promise<void> {
  const back = accountCharge(d.tenders ?? []);
  if (!d.customerId || (back.USD === 0 && back.IQD === 0)) return;
  const customer = (await lockCustomer(m, d.customerId)) as AccountCustomer | null;
  if (!customer) return;
  // The sale's own event may not have been applied yet (subjects are consumed independently): try again later.
  if (!(await saleOnAccount(m, d.saleId)).charged) throw new Error(`sale ${d.saleId} not yet on the account; retry later`);
  for (const currency of CURRENCIES) {
    await postEntry(m, customer, {
      kind: 'return',
      currency,
      amountMinor: -back[currency],
      exchangeRate: d.exchangeRate,
      branchId: d.branchId,
      refId: d.refundId,
      saleId: d.saleId,
      invoiceNumber: d.invoiceNumber,
      actorId: d.cashierId,
      at: d.refundedAt,
    });
  }
}

/** A voided sale owes nothing: what is left of its charge (after its returns) comes off the account. */
export async function voidOnAccount(m: EntityManager, d: SaleVoidedData): Promise<void> {
  const charge = accountCharge(d.tenders ?? []);
  if (!d.customerId || (charge.USD === 0 && charge.IQD === 0)) return;
  const customer = (await lockCustomer(m, d.customerId)) as AccountCustomer | null;
  if (!customer) return;
  const sale = await saleOnAccount(m, d.saleId);
  if (!sale.charged) throw new Error(`sale ${d.saleId} not yet on the account; retry later`);
  for (const currency of CURRENCIES) {
    if (sale.left[currency] <= 0) continue;
    await postEntry(m, customer, {
      kind: 'void',
      currency,
      amountMinor: -sale.left[currency],
      exchangeRate: d.exchangeRate,
      branchId: d.branchId,
      refId: d.saleId,
      saleId: d.saleId,
      invoiceNumber: d.invoiceNumber,
      actorId: d.voidedBy,
      at: d.voidedAt,
    });
  }
}
