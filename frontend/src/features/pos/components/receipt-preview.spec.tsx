import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Currency, SaleTender, Settled } from '@dukan/contracts';
import { renderScreen } from '../../../test/render.js';
import { computeTotals, type CartLine } from '../lib/totals.js';
import { ReceiptPreview } from './receipt-preview.js';

const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

/** One product priced IQD 52,345, in a dinar sale at 1450, with the shop's step of 250. */
function checkout(opts: { customer?: boolean; step?: number; changeCurrency?: Currency | null; offline?: boolean } = {}) {
  const lines: CartLine[] = [
    {
      productId: 'p1',
      sku: 'RICE',
      barcode: null,
      name: { en: 'Rice', ku: 'برنج' },
      unitCents: 3610,
      priceCurrency: 'IQD',
      priceMinor: 52_345,
      discountPercent: 0,
      quantity: 1,
      stock: 5,
    },
  ];
  const onConfirm = vi.fn<(tenders: SaleTender[], changeCurrency: Currency, settled: Settled) => void>();
  renderScreen(
    <ReceiptPreview
      lines={lines}
      totals={computeTotals(lines, { type: 'percentage', value: 0 }, 0, { currency: 'IQD', rate: 1450 })}
      customer={opts.customer ? { _id: 'c1', name: 'Aram', loyaltyPoints: 0 } : null}
      rate={1450}
      iqdCashRounding={opts.step ?? 250}
      changeCurrency={opts.changeCurrency ?? null}
      offline={opts.offline ?? false}
      saving={false}
      error={null}
      onCancel={() => undefined}
      onConfirm={onConfirm}
    />,
  );
  return onConfirm;
}

describe('the checkout dialog', () => {
  it('takes IQD 60,000 on IQD 52,345: the rest rounded to 250, 7,750 change, Enter confirms', () => {
    const onConfirm = checkout();
    expect(plain(screen.getByTestId('remaining-iqd').textContent)).toBe('IQD 52,250');
    expect(plain(screen.getByTestId('remaining-usd').textContent)).toBe('$36.04');
    const amount = screen.getByTestId('tendered');
    fireEvent.change(amount, { target: { value: '60000' } });
    expect(plain(screen.getByTestId('change').textContent)).toBe('IQD 7,750');
    expect(plain(screen.getByTestId('rounding').textContent)).toBe('−IQD 95');
    fireEvent.keyDown(amount, { key: 'Enter' });
    expect(onConfirm).toHaveBeenCalledTimes(1);
    const [tenders, changeCurrency, settled] = onConfirm.mock.calls[0]!;
    expect(tenders).toEqual([{ method: 'cash', currency: 'IQD', amountMinor: 60_000 }]);
    expect(changeCurrency).toBe('IQD');
    expect(settled).toMatchObject({ change: { currency: 'IQD', amountMinor: 7750 }, cashRoundingMinor: -95 });
  });

  it("starts the change in the shop's currency, which the cashier may change", () => {
    const onConfirm = checkout({ changeCurrency: 'USD' });
    const picker = screen.getByTestId('change-currency') as HTMLSelectElement;
    expect(picker.value).toBe('USD');
    const amount = screen.getByTestId('tendered');
    fireEvent.change(amount, { target: { value: '60000' } });
    // 7,750 dinars over, given back as $5.34 at 1450
    expect(plain(screen.getByTestId('change').textContent)).toBe('$5.34');
    fireEvent.change(picker, { target: { value: 'IQD' } });
    expect(plain(screen.getByTestId('change').textContent)).toBe('IQD 7,750');
    fireEvent.keyDown(amount, { key: 'Enter' });
    expect(onConfirm.mock.calls[0]![1]).toBe('IQD');
  });

  it('mixes tenders from the keyboard: a card part, then dollars with change in dinars (F9); an account needs a customer', () => {
    const onConfirm = checkout();
    const amount = screen.getByTestId('tendered');
    fireEvent.change(screen.getByTestId('tender-kind'), { target: { value: 'card' } });
    fireEvent.change(amount, { target: { value: '20345' } });
    fireEvent.keyDown(amount, { key: 'Enter' }); // not enough: added as a tender
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getAllByTestId('tender-row')).toHaveLength(1);
    // 32,000 dinars still to pay in cash, or $22.07
    expect(plain(screen.getByTestId('remaining-iqd').textContent)).toBe('IQD 32,000');
    expect(plain(screen.getByTestId('remaining-usd').textContent)).toBe('$22.07');
    fireEvent.change(amount, { target: { value: '25' } });
    fireEvent.keyDown(amount, { key: 'F9' });
    expect(onConfirm).toHaveBeenCalledTimes(1);
    const [tenders, changeCurrency, settled] = onConfirm.mock.calls[0]!;
    expect(tenders).toEqual([
      { method: 'card', currency: 'IQD', amountMinor: 20_345 },
      { method: 'cash', currency: 'USD', amountMinor: 2500 },
    ]);
    expect(changeCurrency).toBe('IQD');
    // $25 = 36,250 dinars; 4,250 back in dinars
    expect(settled.change).toEqual({ currency: 'IQD', amountMinor: 4250 });

    fireEvent.change(screen.getByTestId('tender-kind'), { target: { value: 'account' } });
    fireEvent.change(amount, { target: { value: '52345' } });
    expect(screen.getByTestId('tender-refusal').textContent).toMatch(/needs a customer/);
    expect((screen.getByTestId('confirm-sale') as HTMLButtonElement).disabled).toBe(true);
  });

  it('puts half of a dinar sale on the customer’s account, the rest in cash', () => {
    const onConfirm = checkout({ customer: true });
    const amount = screen.getByTestId('tendered');
    fireEvent.change(amount, { target: { value: '26000' } });
    fireEvent.click(screen.getByTestId('add-tender'));
    fireEvent.change(screen.getByTestId('tender-kind'), { target: { value: 'account' } });
    fireEvent.change(amount, { target: { value: '26345' } });
    fireEvent.click(screen.getByTestId('confirm-sale'));
    expect(onConfirm.mock.calls[0]![0]).toEqual([
      { method: 'cash', currency: 'IQD', amountMinor: 26_000 },
      { method: 'account', currency: 'IQD', amountMinor: 26_345 },
    ]);
  });

  it('offline: the account tender is disabled with the reason, and never confirmed', () => {
    const onConfirm = checkout({ customer: true, offline: true });
    const option = screen.getByRole('option', { name: 'Customer account' }) as HTMLOptionElement;
    expect(option.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('tender-kind'), { target: { value: 'account' } });
    fireEvent.change(screen.getByTestId('tendered'), { target: { value: '52345' } });
    expect(screen.getByTestId('account-offline').textContent).toMatch(/offline/);
    expect((screen.getByTestId('confirm-sale') as HTMLButtonElement).disabled).toBe(true);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
