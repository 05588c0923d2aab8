import type { ServiceTestApp } from '@dukan/testing';
import { startLoyalty } from './fixtures.js';

let t: ServiceTestApp;
beforeAll(async () => {
  t = await startLoyalty();
});
afterAll(() => t.close());

const valid = () => ({
  enabled: true,
  pointsPerDollar: 2.5,
  redemptionRate: 0.005,
  minimumPoints: 100,
  minimumRedemption: 50,
  maximumRedemptionValue: 25,
  statusTiers: { silver: 500, gold: 2000, platinum: 8000 },
  statusMultipliers: { standard: 1, silver: 1.2, gold: 1.5, platinum: 2 },
  tiers: [
    { threshold: 100, bonusType: 'percentage', bonusValue: 10 },
    { threshold: 50, bonusType: 'fixed', bonusValue: 20 },
  ],
});

it('answers the defaults before anything is saved, with every field of the spec', async () => {
  const res = await t.get('/api/loyalty/settings', { token: t.tokens.cashier });
  expect(res.status).toBe(200);
  expect(res.body.success).toBe(true);
  expect(Object.keys(res.body.data).sort()).toEqual(
    [
      'enabled',
      'maximumRedemptionValue',
      'minimumPoints',
      'minimumRedemption',
      'pointsPerDollar',
      'redemptionRate',
      'statusMultipliers',
      'statusTiers',
      'tiers',
    ].sort(),
  );
  expect(res.body.data).toMatchObject({ enabled: true, redemptionRate: 0.01, statusMultipliers: { standard: 1 } });
});

it('saves the whole object and reads it back (tiers ordered by threshold), with an audit row', async () => {
  const res = await t.put('/api/loyalty/settings', valid(), { token: t.tokens.admin });
  expect(res.status).toBe(200);
  expect(res.body.message).toBe('Settings saved successfully');
  const read = await t.get('/api/loyalty/settings', { token: t.tokens.manager });
  expect(read.body.data).toEqual({
    ...valid(),
    tiers: [
      { threshold: 50, bonusType: 'fixed', bonusValue: 20 },
      { threshold: 100, bonusType: 'percentage', bonusValue: 10 },
    ],
  });
  const audits = await t.dataSource().query(`SELECT actor_id FROM audit_log WHERE action = 'loyalty.settings-changed'`);
  expect(audits.length).toBeGreaterThan(0);
});

it('the settings GET answer can be sent back as the PUT body', async () => {
  const read = await t.get('/api/loyalty/settings', { token: t.tokens.admin });
  const res = await t.put('/api/loyalty/settings', { ...read.body.data, enabled: false }, { token: t.tokens.admin });
  expect(res.status).toBe(200);
  expect(res.body.data.enabled).toBe(false);
  await t.put('/api/loyalty/settings', valid(), { token: t.tokens.admin });
});

const breaking: [string, (b: ReturnType<typeof valid>) => void, string][] = [
  [
    'pointsPerDollar',
    (b) => {
      b.pointsPerDollar = -0.1;
    },
    'Must be at least 0',
  ],
  [
    'redemptionRate',
    (b) => {
      b.redemptionRate = -0.001;
    },
    'Must be at least 0',
  ],
  [
    'minimumPoints',
    (b) => {
      b.minimumPoints = -1;
    },
    'Must be at least 0',
  ],
  [
    'minimumRedemption',
    (b) => {
      b.minimumRedemption = -1;
    },
    'Must be at least 0',
  ],
  [
    'maximumRedemptionValue',
    (b) => {
      b.maximumRedemptionValue = -5;
    },
    'Must be at least 0',
  ],
  [
    'statusTiers.silver',
    (b) => {
      b.statusTiers.silver = -1;
    },
    'Must be at least 0',
  ],
  [
    'statusMultipliers.standard',
    (b) => {
      b.statusMultipliers.standard = 0.9;
    },
    'Must be at least 1',
  ],
  [
    'statusMultipliers.gold',
    (b) => {
      b.statusMultipliers.gold = 0;
    },
    'Must be at least 1',
  ],
  [
    'tiers.0.threshold',
    (b) => {
      b.tiers[0]!.threshold = -1;
    },
    'Must be at least 0',
  ],
  [
    'tiers.1.bonusValue',
    (b) => {
      b.tiers[1]!.bonusValue = -3;
    },
    'Must be at least 0',
  ],
  [
    'tiers.0.bonusType',
    (b) => {
      (b.tiers[0] as any).bonusType = 'double';
    },
    'This value is not allowed',
  ],
  [
    'enabled',
    (b) => {
      (b as any).enabled = 'yes';
    },
    'This value has the wrong type',
  ],
  [
    'pointsPerDollar',
    (b) => {
      (b as any).pointsPerDollar = '1';
    },
    'Please enter a valid number',
  ],
  [
    'minimumPoints',
    (b) => {
      b.minimumPoints = 1.5;
    },
    'Must be a whole number',
  ],
  [
    'statusTiers',
    (b) => {
      delete (b as any).statusTiers;
    },
    'This value has the wrong type',
  ],
  [
    'surprise',
    (b) => {
      (b as any).surprise = 1;
    },
    'This field is not allowed',
  ],
];

it.each(breaking)('refuses a bad %s with 400 and keeps the saved settings', async (field, breakIt, text) => {
  const body = valid();
  breakIt(body);
  const res = await t.put('/api/loyalty/settings', body, { token: t.tokens.admin });
  expect(res.status).toBe(400);
  expect(res.body.errors[field].message).toBe(text);
  const read = await t.get('/api/loyalty/settings', { token: t.tokens.admin });
  expect(read.body.data.pointsPerDollar).toBe(2.5);
  expect(read.body.data.statusMultipliers.gold).toBe(1.5);
});

it('refuses status thresholds out of order', async () => {
  const res = await t.put(
    '/api/loyalty/settings',
    { ...valid(), statusTiers: { silver: 3000, gold: 2000, platinum: 8000 } },
    { token: t.tokens.admin },
  );
  expect(res.status).toBe(400);
  expect(res.body.errors['statusTiers.silver'].message).toBe('Silver, gold and platinum thresholds must increase in that order');
});

it('accepts the minimums themselves (0 and multipliers of 1)', async () => {
  const body = {
    ...valid(),
    pointsPerDollar: 0,
    redemptionRate: 0,
    minimumPoints: 0,
    minimumRedemption: 0,
    maximumRedemptionValue: 0,
    statusTiers: { silver: 0, gold: 0, platinum: 0 },
    statusMultipliers: { standard: 1, silver: 1, gold: 1, platinum: 1 },
    tiers: [],
  };
  expect((await t.put('/api/loyalty/settings', body, { token: t.tokens.admin })).status).toBe(200);
  await t.put('/api/loyalty/settings', valid(), { token: t.tokens.admin });
});
