import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TenderTakingsDto } from '@dukan/contracts';
import { formatters } from '../../i18n/format.js';
import { renderScreen } from '../../test/render.js';
import { TakingsByTender } from './takings-by-tender.js';

const TAKINGS: TenderTakingsDto[] = [
  { method: 'cash', currency: 'USD', takenMinor: 2000, payments: 1, refundedMinor: 0, refunds: 0 },
  { method: 'cash', currency: 'IQD', takenMinor: 6_250, payments: 1, refundedMinor: 15_000, refunds: 1 },
  { method: 'card', currency: 'USD', takenMinor: 1050, payments: 2, refundedMinor: 250, refunds: 1 },
];

const cells = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('takings by payment method', () => {
  it('shows each method in its own currency, dollars with cents and whole dinars, with a total per currency', () => {
    renderScreen(<TakingsByTender takings={TAKINGS} title="Takings" emptyText="None" testId="takings" />);
    const en = formatters('en');
    expect(cells('takings-cash-USD')).toEqual(['Cash', 'USD', '1', en.usd(2000), '0', en.usd(0)]);
    expect(cells('takings-cash-IQD')).toEqual(['Cash', 'IQD', '1', en.iqd(6_250), '1', en.iqd(15_000)]);
    expect(cells('takings-card-USD')).toEqual(['Card', 'USD', '2', '$10.50', '1', '$2.50']);
    // Dollars add up with dollars only, dinars with dinars.
    expect(screen.getByTestId('takings-total-USD').textContent).toBe(`Total (USD)3$30.501$2.50`);
    expect(cells('takings-total-IQD')).toEqual(['1', en.iqd(6_250), '1', en.iqd(15_000)]);
    expect(en.iqd(6_250)).not.toContain('.');
  });

  it('says so when nothing was taken, also when the server sent no breakdown', () => {
    renderScreen(<TakingsByTender takings={undefined} title="Takings" emptyText="Nothing taken." testId="takings" />);
    expect(screen.getByTestId('takings').textContent).toContain('Nothing taken.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('in Kurdish: the method names and headings are Kurdish, the amounts in Kurdish digits', () => {
    renderScreen(<TakingsByTender takings={TAKINGS} title="وەرگیراو" emptyText="-" testId="takings" />, { language: 'ku' });
    const ku = formatters('ku');
    expect(cells('takings-cash-IQD')).toEqual(['نەختینە', 'IQD', ku.number(1), ku.iqd(6_250), ku.number(1), ku.iqd(15_000)]);
    expect(cells('takings-card-USD')[0]).toBe('کارت');
    expect(screen.getByRole('columnheader', { name: 'شێوازی پارەدان' })).toBeTruthy();
  });
});
