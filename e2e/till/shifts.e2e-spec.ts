/// <reference lib="dom" />
// A cashier's shift at the till, in English and then in Kurdish: the float counted note by note in both currencies,
// a cash-out recorded as an expense, a close whose count is short (a manager signs in on the till to accept it), and
// the Z report printed on the 58 mm receipt paper.
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { en, ku } from '../../frontend/src/features/shifts/texts.js';
import { api, artifact, browserSession, createUser, eventually, kurdishLeaks, openTill, signIn, switchLanguage } from '../support.js';

jest.setTimeout(180_000);

const money = (text: string | null) => (text ?? '').replace(/[\u00a0\u200e\u200f\u061c]/g, ' ').trim();

/** Counts notes into the counter named `id`: [currency, note in minor units, how many]. */
async function count(page: Page, id: string, notes: [string, number, number][]) {
  for (const [currency, note, n] of notes) await page.fill(`[data-testid=${id}-${currency}-${note}]`, String(n));
}

/** On paper: only the report, at most 58 mm wide, one page of the receipt's width. */
async function printed(page: Page, name: string, direction: 'ltr' | 'rtl') {
  await page.emulateMedia({ media: 'print' });
  const paper = await page.evaluate(() => {
    const el = document.querySelector<HTMLElement>('.print-root .shift-report')!;
    return { direction: getComputedStyle(el).direction, widthMm: (el.getBoundingClientRect().width * 25.4) / 96, text: el.innerText };
  });
  expect(paper.direction).toBe(direction);
  expect(paper.widthMm).toBeLessThanOrEqual(58);
  const pdf = await page.pdf({ path: artifact(`${name}.pdf`), preferCSSPageSize: true, printBackground: true });
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
  expect(Number(box![1])).toBeCloseTo((58 / 25.4) * 72, 0);
  await page.emulateMedia({ media: 'screen' });
  return paper.text;
}

describe("a register's shift (browser)", () => {
  const session = browserSession();
  let cashier = { username: '', password: '' };
  let manager = { username: '', password: '' };

  beforeAll(async () => {
    cashier = await createUser(session.adminToken, 'cashier');
    manager = await createUser(session.adminToken, 'manager');
  });

  it('opens with a float in both currencies, takes a cash-out as an expense, closes short with a manager, prints the Z report; then in Kurdish', async () => {
    const page = await (await session.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(page, cashier.username, cashier.password);
    await openTill(page);
    await page.waitForSelector('[data-testid=shift-open]');
    expect(await page.textContent('[data-testid=shift-state]')).toBe(en.noShift.replace('{{register}}', 'main'));

    // The float: 4 × 25,000 dinars and 5 × 20 dollars, totalled as they are counted.
    await page.click('[data-testid=shift-open]');
    await count(page, 'float', [
      ['IQD', 25000, 4],
      ['USD', 2000, 5],
    ]);
    expect(money(await page.textContent('[data-testid=float-IQD-total]'))).toBe('IQD 100,000');
    expect(money(await page.textContent('[data-testid=float-USD-total]'))).toBe('$100.00');
    await page.click('[data-testid=open-shift-confirm]');
    await page.waitForSelector('[data-testid=shift-close]');
    expect(await page.textContent('[data-testid=shift-state]')).toContain('main');

    // $15 taken out for fuel, recorded as an expense paid from the drawer.
    await page.click('[data-testid=shift-cash-out]');
    await page.selectOption('[data-testid=cash-currency]', 'USD');
    await page.fill('[data-testid=cash-amount]', '15');
    await page.fill('[data-testid=cash-reason]', 'Generator fuel');
    await page.check('[data-testid=cash-as-expense]');
    await page.click('[data-testid=cash-confirm]');
    await page.waitForSelector('[data-testid=cash-dialog]', { state: 'detached' });

    await page.click('[data-testid=shift-x-report]');
    await page.waitForSelector('[data-testid=x-report] [data-testid=shift-expected-USD]');
    expect(money(await page.textContent('[data-testid=shift-expected-USD]'))).toBe('$85.00');
    expect(money(await page.textContent('[data-testid=shift-expected-IQD]'))).toBe('IQD 100,000');
    expect(money(await page.textContent('[data-testid=x-report] [data-testid=report-cash-out]'))).toBe('$15.00');
    await page.keyboard.press('Escape');

    // The count is 25,000 dinars short: more than the shop allows, so the cashier cannot close alone.
    await page.click('[data-testid=shift-close]');
    await count(page, 'count', [
      ['IQD', 25000, 3],
      ['USD', 2000, 4],
      ['USD', 500, 1],
    ]);
    expect(money(await page.textContent('[data-testid=close-difference-IQD]'))).toBe('-IQD 25,000');
    expect(money(await page.textContent('[data-testid=close-difference-USD]'))).toBe('$0.00');
    await page.click('[data-testid=close-shift-confirm]');
    await page.waitForSelector('[data-testid=manager-approval]');
    expect(await page.textContent('[data-testid=close-error]')).toContain('A manager must accept the difference.');
    await page.fill('[data-testid=approver-username]', manager.username);
    await page.fill('[data-testid=approver-password]', manager.password);
    await page.click('[data-testid=close-shift-confirm]');
    await page.waitForSelector('[data-testid=z-report]');
    expect(await page.textContent('[data-testid=shift-report-title]')).toMatch(/^Z report · shift #\d+$/);
    expect(await page.textContent('[data-testid=shift-approved-by]')).toBe(manager.username);
    expect(money(await page.textContent('[data-testid=shift-difference-IQD]'))).toBe('-IQD 25,000');
    expect(money(await page.textContent('[data-testid=shift-counted-USD]'))).toBe('$85.00');
    const paperEn = await printed(page, 'z-report-en', 'ltr');
    expect(paperEn).toContain('Z report');
    expect(paperEn).toContain('Generator fuel');
    await page.screenshot({ path: artifact('z-report-en.png') });
    await page.keyboard.press('Escape');
    // The cashier is still the one signed in, and the register has no shift now.
    await page.waitForSelector('[data-testid=shift-open]');
    expect(await page.textContent('[data-testid=user-badge]')).toContain('Cashier');
    const expenses = await eventually(async () => {
      const r = await api('/expenses?search=Generator%20fuel', { token: session.adminToken });
      return (r.body.expenses as { title: string; status: string; amount: number; currency: string }[]).find(
        (e) => e.title === 'Generator fuel',
      );
    }, 'the cash-out recorded as an expense');
    expect(expenses).toMatchObject({ status: 'paid', amount: 15, currency: 'USD' });

    // In Kurdish: the same shift day, right to left (the English toasts dismissed first).
    while ((await page.locator('[data-testid=toast] .icon-button').count()) > 0)
      await page.locator('[data-testid=toast] .icon-button').first().click();
    await switchLanguage(page, 'ku');
    expect(await page.textContent('[data-testid=shift-state]')).toBe(ku.noShift.replace('{{register}}', 'main'));
    await page.click('[data-testid=shift-open]');
    expect(await page.textContent('[data-testid=open-shift-dialog] h2')).toBe(ku.open.title.replace('{{register}}', 'main'));
    await count(page, 'float', [
      ['IQD', 10000, 5],
      ['USD', 10000, 1],
    ]);
    expect(await kurdishLeaks(page, [en], [ku])).toEqual([]);
    await page.click('[data-testid=open-shift-confirm]');
    await page.waitForSelector('[data-testid=shift-close]');
    await page.click('[data-testid=shift-close]');
    await count(page, 'count', [
      ['IQD', 10000, 5],
      ['USD', 5000, 1],
    ]);
    await page.click('[data-testid=close-shift-confirm]');
    await page.waitForSelector('[data-testid=manager-approval]');
    expect(await page.textContent('[data-testid=close-error]')).toContain('بەڕێوەبەرێک');
    expect(await kurdishLeaks(page, [en], [ku])).toEqual([]);
    await page.fill('[data-testid=approver-username]', manager.username);
    await page.fill('[data-testid=approver-password]', manager.password);
    await page.click('[data-testid=close-shift-confirm]');
    await page.waitForSelector('[data-testid=z-report]');
    expect(await page.textContent('[data-testid=shift-report-title]')).toContain('ڕاپۆرتی Z');
    expect(await kurdishLeaks(page, [en], [ku])).toEqual([]);
    const paperKu = await printed(page, 'z-report-ku', 'rtl');
    expect(paperKu).toContain(ku.report.difference);
    await page.screenshot({ path: artifact('z-report-ku.png') });
    await page.keyboard.press('Escape');
    await switchLanguage(page, 'en');
    await page.context().close();
  });
});
