import { describe, expect, it } from 'vitest';
import type { LoyaltySettingsDto } from '@dukan/contracts';
import {
  checkNumber,
  exchangeRatePayload,
  isBranchCode,
  LOYALTY_FIELDS,
  loyaltyFormFrom,
  loyaltyPayload,
  parseExchangeRate,
  parseRegisters,
  validateLoyalty,
} from './settings-rules.js';

const settings: LoyaltySettingsDto = {
  enabled: true,
  pointsPerDollar: 1,
  redemptionRate: 0.01,
  minimumPoints: 100,
  minimumRedemption: 50,
  maximumRedemptionValue: 0,
  statusTiers: { silver: 500, gold: 1000, platinum: 5000 },
  statusMultipliers: { standard: 1, silver: 1.2, gold: 1.5, platinum: 2 },
  tiers: [{ threshold: 100, bonusType: 'fixed', bonusValue: 10 }],
};

describe('exchange rate', () => {
  it.each([
    ['1450', 1450],
    [' 1310.5 ', 1310.5],
    ['1', 1],
    ['0.5', 1],
    ['0', 1],
    ['-20', 1],
    ['', null],
    ['abc', null],
  ])('%j becomes %j (below 1 raised to 1)', (text, expected) => {
    expect(parseExchangeRate(text)).toBe(expected);
  });

  it('sends applyToAllUsers only for an admin who ticked the box', () => {
    expect(exchangeRatePayload(1500, true, true)).toEqual({ exchangeRate: 1500, applyToAllUsers: true });
    expect(exchangeRatePayload(1500, true, false)).toEqual({ exchangeRate: 1500 });
    expect(exchangeRatePayload(1500, false, true)).toEqual({ exchangeRate: 1500 });
  });
});

describe('loyalty settings validation', () => {
  it('accepts the settings as loaded and sends them back unchanged', () => {
    const form = loyaltyFormFrom(settings);
    expect(validateLoyalty(form)).toEqual({});
    expect(loyaltyPayload(form)).toEqual(settings);
  });

  it('has the minimums and steps of the spec', () => {
    expect(LOYALTY_FIELDS.pointsPerDollar).toMatchObject({ min: 0, step: 0.1 });
    expect(LOYALTY_FIELDS.redemptionRate).toMatchObject({ min: 0, step: 0.001 });
    expect(LOYALTY_FIELDS.statusMultiplier).toMatchObject({ min: 1, step: 0.1 });
    for (const k of [
      'minimumPoints',
      'minimumRedemption',
      'maximumRedemptionValue',
      'statusTier',
      'tierThreshold',
      'tierBonusValue',
    ] as const) {
      expect(LOYALTY_FIELDS[k].min).toBe(0);
    }
  });

  it.each([
    ['pointsPerDollar', '-0.1', 'minimum'],
    ['redemptionRate', '-1', 'minimum'],
    ['minimumPoints', '-1', 'minimum'],
    ['minimumRedemption', '2.5', 'wholeNumber'],
    ['maximumRedemptionValue', '', 'required'],
    ['redemptionRate', '0.00001', 'decimals'],
  ] as const)('refuses %s = %j (%s)', (field, value, key) => {
    const form = { ...loyaltyFormFrom(settings), [field]: value };
    expect(validateLoyalty(form)[field]?.key).toBe(key);
  });

  it('refuses a status multiplier below 1 and accepts exactly 1', () => {
    const form = loyaltyFormFrom(settings);
    expect(validateLoyalty({ ...form, statusMultipliers: { ...form.statusMultipliers, gold: '0.9' } })['statusMultipliers.gold']).toEqual({
      key: 'minimum',
      params: { min: 1 },
    });
    expect(validateLoyalty({ ...form, statusMultipliers: { ...form.statusMultipliers, gold: '1' } })).toEqual({});
  });

  it('refuses negative tier thresholds and bonus values, naming the row', () => {
    const form = loyaltyFormFrom(settings);
    const errors = validateLoyalty({ ...form, tiers: [...form.tiers, { threshold: '-5', bonusType: 'percentage', bonusValue: '-1' }] });
    expect(Object.keys(errors).sort()).toEqual(['tiers.1.bonusValue', 'tiers.1.threshold']);
  });

  it('wants silver <= gold <= platinum', () => {
    const form = loyaltyFormFrom(settings);
    const errors = validateLoyalty({ ...form, statusTiers: { silver: '2000', gold: '1000', platinum: '5000' } });
    expect(errors['statusTiers.gold']?.key).toBe('tierOrder');
    expect(validateLoyalty({ ...form, statusTiers: { silver: '1000', gold: '1000', platinum: '1000' } })).toEqual({});
  });

  it('checks a single number', () => {
    expect(checkNumber('0', LOYALTY_FIELDS.statusTier)).toBeNull();
    expect(checkNumber('1e3', LOYALTY_FIELDS.statusTier)).toEqual({ key: 'invalidNumber' });
  });

  it('refuses a figure above the largest the server takes, as it would (a multiplier over 100)', () => {
    expect(checkNumber('100', LOYALTY_FIELDS.statusMultiplier)).toBeNull();
    expect(checkNumber('100.5', LOYALTY_FIELDS.statusMultiplier)).toEqual({ key: 'maximum', params: { max: 100 } });
  });
});

describe('branch and register codes', () => {
  it.each([
    ['main', true],
    ['erbil-2', true],
    ['لقی_١', true],
    ['', false],
    ['two words', false],
    ['a/b', false],
    ['x'.repeat(41), false],
  ])('%s is a code: %p', (code, ok) => {
    expect(isBranchCode(code)).toBe(ok);
  });

  it.each([
    ['main, till-2', ['main', 'till-2']],
    ['main,main , r2', ['main', 'r2']],
    ['یەک، دوو', ['یەک', 'دوو']],
    ['  ', null],
    ['main, a/b', null],
  ])('%s -> %p', (text, list) => {
    expect(parseRegisters(text)).toEqual(list);
  });
});
