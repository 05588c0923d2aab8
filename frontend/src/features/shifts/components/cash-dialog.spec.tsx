import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { inputRuleText, type ShiftDto } from '@dukan/contracts';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import { CashDialog } from './cash-dialog.js';

const shift = { _id: 's1' } as ShiftDto;

describe('the cash in/out dialog', () => {
  it.each(['0', '1000000000000'])(
    'refuses %s dinars in Kurdish with the words the server answers for the same amount, asking it nothing',
    async (typed) => {
      const calls = fakeApi(() => undefined);
      renderScreen(<CashDialog shift={shift} kind="cash_out" onClose={() => undefined} />, {
        signedInAs: user({ role: 'cashier' }),
        language: 'ku',
      });
      fireEvent.change(screen.getByTestId('cash-amount'), { target: { value: typed } });
      fireEvent.change(screen.getByTestId('cash-reason'), { target: { value: 'سووتەمەنی' } });
      fireEvent.click(screen.getByTestId('cash-confirm'));
      expect((await screen.findByTestId('cash-error')).textContent).toBe(inputRuleText('ku', 'amount'));
      expect(calls.filter((c) => c.path.startsWith('/api/shifts'))).toEqual([]);
    },
  );

  it('sends an amount the rule takes', async () => {
    const calls = fakeApi(() => undefined);
    renderScreen(<CashDialog shift={shift} kind="cash_in" onClose={() => undefined} />, { signedInAs: user({ role: 'cashier' }) });
    fireEvent.change(screen.getByTestId('cash-amount'), { target: { value: '10000' } });
    fireEvent.change(screen.getByTestId('cash-reason'), { target: { value: 'Change' } });
    fireEvent.click(screen.getByTestId('cash-confirm'));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/shifts/s1/cash')?.body).toMatchObject({ amountMinor: 10_000 }));
  });

  it('reads an amount typed in Kurdish digits on an Arabic keyboard', async () => {
    const calls = fakeApi(() => undefined);
    renderScreen(<CashDialog shift={shift} kind="cash_out" onClose={() => undefined} />, {
      signedInAs: user({ role: 'cashier' }),
      language: 'ku',
    });
    fireEvent.change(screen.getByTestId('cash-amount'), { target: { value: '١٢٬٥٠٠' } });
    expect((screen.getByTestId('cash-amount') as HTMLInputElement).value).toBe('12500');
    fireEvent.change(screen.getByTestId('cash-reason'), { target: { value: 'سووتەمەنی' } });
    fireEvent.click(screen.getByTestId('cash-confirm'));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/shifts/s1/cash')?.body).toMatchObject({ amountMinor: 12_500 }));
  });
});
