// A shift's Z report reaches reporting by the shift's events and prints as a PDF in English and Kurdish, for the
// shift's own branch only, once the shift is closed.
import { randomUUID } from 'node:crypto';
import { formatMoney, type ShiftFigures } from '@dukan/contracts';
import type { ServiceTestApp } from '@dukan/testing';
import { envelope, startReporting } from './fixtures.js';
import { pdfText } from './pdf-image.js';

let t: ServiceTestApp;
beforeAll(async () => {
  t = await startReporting();
});
afterAll(() => t.close());

const SLOW = 60_000;
const shiftId = randomUUID();
const CASHIER = '00000000-0000-4000-8000-000000000003';

const figures: ShiftFigures = {
  float: { USD: 5000, IQD: 250_000 },
  sales: [
    { method: 'cash', currency: 'IQD', count: 3, amountMinor: 160_000 },
    { method: 'cash', currency: 'USD', count: 1, amountMinor: 2000 },
  ],
  saleCount: 4,
  change: { USD: 0, IQD: 7_750 },
  refunds: { count: 1, amount: { USD: 0, IQD: 5_000 } },
  voids: { count: 0, amount: { USD: 0, IQD: 0 } },
  discounts: { USD: 0, IQD: 2_500 },
  rounding: { USD: 0, IQD: 0 },
  cashIn: { USD: 0, IQD: 0 },
  cashOut: { USD: 1500, IQD: 0 },
  expected: { USD: 5500, IQD: 397_250 },
  counted: { USD: 5500, IQD: 392_250 },
  difference: { USD: 0, IQD: -5000 },
};

async function download(path: string, token = t.tokens.manager, language = 'en', branch?: string) {
  const headers = {
    ...t.gatewayHeaders,
    authorization: `Bearer ${token}`,
    'accept-language': language,
    ...(branch ? { 'x-dukan-branch': branch } : {}),
  };
  const res = await fetch(`${t.url}${path}`, { headers });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

const opened = () =>
  envelope('dukan.sales.shift.opened.v1', {
    shiftId,
    number: 7,
    branchId: 'main',
    register: 'till-1',
    cashierId: CASHIER,
    cashierUsername: 'dara',
    float: figures.float,
    openedAt: '2026-03-10T05:00:00Z',
  });
const closed = () =>
  envelope('dukan.sales.shift.closed.v1', {
    shiftId,
    number: 7,
    branchId: 'main',
    register: 'till-1',
    cashierId: CASHIER,
    cashierUsername: 'dara',
    openedAt: '2026-03-10T05:00:00Z',
    closedAt: '2026-03-10T15:00:00Z',
    closedBy: '00000000-0000-4000-8000-000000000002',
    closedByUsername: 'shilan',
    approvedBy: '00000000-0000-4000-8000-000000000002',
    figures,
  });

it('has no Z report while the shift is open', async () => {
  await t.bus.publish(opened());
  expect((await download(`/api/reports/shifts/${shiftId}/pdf`)).status).toBe(404);
});

it(
  'prints the closed shift: sales by tender and currency, refunds, cash out, expected, counted and difference, each currency on its own',
  async () => {
    await t.bus.publish(closed());
    await t.bus.publish(opened()); // late and again: the shift stays closed
    const res = await download(`/api/reports/shifts/${shiftId}/pdf`);
    expect(res.status).toBe(200);
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.body).replace(/\u00a0/g, ' ');
    const money = (amount: number, currency: 'USD' | 'IQD') => formatMoney(amount, currency, 'en').replace(/\u00a0/g, ' ');
    for (const expected of [
      'Z report · shift #7',
      'till-1',
      'dara',
      'shilan',
      'Difference accepted',
      money(160_000, 'IQD'),
      money(397_250, 'IQD'),
      money(392_250, 'IQD'),
      money(-5000, 'IQD'),
      money(1500, 'USD'),
      'Refunds (1)',
    ]) {
      expect(text).toContain(expected);
    }
  },
  SLOW,
);

it(
  'prints it in Kurdish when asked, and to nobody of another branch',
  async () => {
    const ku = await download(`/api/reports/shifts/${shiftId}/pdf?lang=ku`);
    expect(ku.status).toBe(200);
    const text = pdfText(ku.body).replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
    expect(text).toContain('شەفتی');
    expect(text).toContain('جیاوازی');
    const ofB = t.tokenFor({ role: 'manager', homeBranch: 'b', branches: ['b'] });
    expect((await download(`/api/reports/shifts/${shiftId}/pdf`, ofB, 'en', 'b')).status).toBe(404);
    expect((await download(`/api/reports/shifts/${randomUUID()}/pdf`)).status).toBe(404);
  },
  SLOW,
);
