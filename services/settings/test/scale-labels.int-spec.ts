// PUT /api/settings/general { scaleLabel }: the shop's scale-label rule, kept, announced, refused when it cannot read 13 digits.
import { startServiceApp, type ServiceTestApp } from '@dukan/testing';
import { loadSettingsConfig, SettingsModule } from '@dukan/settings';
import { DEFAULT_SCALE_LABEL_RULE } from '@dukan/contracts';

let t: ServiceTestApp;
beforeAll(async () => {
  t = await startServiceApp({ service: 'settings', module: (env) => SettingsModule.register(loadSettingsConfig(env)) });
});
afterAll(() => t.close());

const lastEvent = async () =>
  (await t.dataSource().query(`SELECT data FROM outbox WHERE type = 'dukan.settings.settings.changed.v1' ORDER BY seq DESC LIMIT 1`))[0]
    ?.data;

describe('the scale-label rule', () => {
  it('is off on a new shop, and everyone signed in reads it', async () => {
    const res = await t.get('/api/settings/general', { token: t.tokens.cashier });
    expect(res.body.data.scaleLabel).toEqual(DEFAULT_SCALE_LABEL_RULE);
  });

  it('is set by an admin and announced to sales', async () => {
    const rule = { enabled: true, prefix: '2', codeDigits: 6, value: 'price', valueCheckDigit: true, currency: 'IQD' };
    const res = await t.put('/api/settings/general', { scaleLabel: rule }, { token: t.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data.scaleLabel).toEqual(rule);
    expect((await lastEvent()).scaleLabel).toEqual(rule);
    expect((await lastEvent()).changed).toContain('scaleLabel');
  });

  it('refuses a layout that does not leave 4 or 5 digits for the value, in English and Kurdish', async () => {
    const rule = { enabled: true, prefix: '2', codeDigits: 5, value: 'weight', valueCheckDigit: false, currency: 'IQD' };
    const en = await t.put('/api/settings/general', { scaleLabel: rule }, { token: t.tokens.admin });
    expect(en.status).toBe(400);
    expect(en.body.message).toBe('Prefix, item code and check digits must leave 4 or 5 digits for the weight or price');
    const ku = await t.put(
      '/api/settings/general',
      { scaleLabel: { ...rule, prefix: '29-20' } },
      { token: t.tokens.admin, headers: { 'accept-language': 'ku' } },
    );
    expect(ku.status).toBe(400);
    expect(ku.body.message).toBe('پێشگر یەک تا سێ ژمارەیە، یان ڕیزێکی وەک 20-29');
  });

  it('is the admin’s to change, not a manager’s', async () => {
    const res = await t.put('/api/settings/general', { scaleLabel: DEFAULT_SCALE_LABEL_RULE }, { token: t.tokens.manager });
    expect(res.status).toBe(403);
  });
});
