import type { SettingsChangedData, UserEventData } from '@dukan/contracts';
import { TEST_USERS, type ServiceTestApp } from '@dukan/testing';
import { createExpense, envelope, startExpenses } from './fixtures.js';

let t: ServiceTestApp;
beforeAll(async () => {
  t = await startExpenses();
});
afterAll(() => t.close());

const manager: UserEventData = {
  userId: TEST_USERS.manager.id,
  username: 'manager',
  firstName: 'Shilan',
  lastName: 'Aziz',
  email: 'shilan@shop.iq',
  role: 'manager',
  active: true,
  tokenVersion: 1,
  languagePreference: 'ku',
  permissions: null,
};

it('names the creator from identity’s events, and an older event does not undo a newer one', async () => {
  const e = await createExpense(t, {}, t.tokens.manager);
  expect((await t.get(`/api/expenses/${e._id}`, { token: t.tokens.admin })).body.createdBy).toEqual({
    _id: TEST_USERS.manager.id,
    firstName: 'manager',
    lastName: '',
    username: 'manager',
  });
  await t.bus.publish(envelope('dukan.identity.user.created.v1', manager, '2026-03-01T08:00:00Z'));
  await t.bus.publish(envelope('dukan.identity.user.updated.v1', { ...manager, lastName: 'Rasul' }, '2026-03-02T08:00:00Z'));
  await t.bus.publish(envelope('dukan.identity.user.updated.v1', { ...manager, lastName: 'Old' }, '2026-03-01T09:00:00Z'));
  const listed = (await t.get('/api/expenses', { token: t.tokens.admin })).body.expenses.find((x: any) => x._id === e._id);
  expect(listed.createdBy).toEqual({ _id: TEST_USERS.manager.id, firstName: 'Shilan', lastName: 'Rasul', username: 'manager' });

  // A deleted user's expenses keep the name they had.
  await t.bus.publish(envelope('dukan.identity.user.deleted.v1', { userId: TEST_USERS.manager.id }, '2026-03-03T08:00:00Z'));
  expect((await t.get(`/api/expenses/${e._id}`, { token: t.tokens.admin })).body.createdBy.lastName).toBe('Rasul');
});

it('takes the shop’s exchange rate for an expense that gives none, once settings has published one', async () => {
  const before = await createExpense(t, { currency: 'IQD', amount: 141_000, exchangeRate: undefined });
  expect(before).toMatchObject({ exchangeRate: 1410, amountInBaseCurrency: 100 });
  const settings: SettingsChangedData = {
    exchangeRate: 1500,
    userExchangeRates: {},
    storeName: 'Dukan',
    defaultLanguage: 'en',
    timeZone: 'Asia/Baghdad',
    iqdCashRounding: 250,
    taxRateBasisPoints: 0,
    branches: [{ id: 'main', name: 'Main', registers: ['main'] }],
    changed: ['exchangeRate'],
  };
  await t.bus.publish(envelope('dukan.settings.settings.changed.v1', settings));
  const after = await createExpense(t, { currency: 'IQD', amount: 150_000, exchangeRate: undefined });
  expect(after).toMatchObject({ exchangeRate: 1500, amountInBaseCurrency: 100 });
  // An unknown time zone is not taken.
  await t.bus.publish(envelope('dukan.settings.settings.changed.v1', { ...settings, exchangeRate: 1000, timeZone: 'Mars/Olympus' }));
  expect((await createExpense(t, { currency: 'IQD', amount: 150_000, exchangeRate: undefined })).exchangeRate).toBe(1500);
});
