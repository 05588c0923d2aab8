// Rules of the general and loyalty settings forms (spec part 2 §5): pure functions, tested in settings-rules.spec.ts.
import { LOYALTY_FIELDS, MIN_EXCHANGE_RATE, type LoyaltySettingsDto } from '@dukan/contracts';

// ---- general settings

/** The typed exchange rate: a number, raised to 1 when lower (spec: "lower values clamped to 1"); null if not a number. */
export function parseExchangeRate(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return null;
  return Math.max(MIN_EXCHANGE_RATE, Math.round(value * 10_000) / 10_000);
}

/** PUT /api/settings/general: applyToAllUsers is sent (true) only by an admin with the box ticked. */
export function exchangeRatePayload(rate: number, isAdmin: boolean, applyToAll: boolean): { exchangeRate: number; applyToAllUsers?: true } {
  return isAdmin && applyToAll ? { exchangeRate: rate, applyToAllUsers: true } : { exchangeRate: rate };
}

/** The typed tax rate: a percent from 0 to 100 with at most 2 decimals (as the server keeps it); null otherwise. */
export function parseTaxRate(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{0,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 0 && value <= 100 ? value : null;
}

// ---- loyalty settings

type NumberKind = { min: number; max: number; step: number; decimals: number };

/** Each loyalty figure's rule, the one the server checks it by. */
export { LOYALTY_FIELDS };

export const STATUS_LEVELS = ['silver', 'gold', 'platinum'] as const;
export const MULTIPLIER_LEVELS = ['standard', 'silver', 'gold', 'platinum'] as const;

/** The form keeps what is typed (strings) so a half-typed number is not lost. */
export interface LoyaltyForm {
  enabled: boolean;
  pointsPerDollar: string;
  redemptionRate: string;
  minimumPoints: string;
  minimumRedemption: string;
  maximumRedemptionValue: string;
  statusTiers: Record<(typeof STATUS_LEVELS)[number], string>;
  statusMultipliers: Record<(typeof MULTIPLIER_LEVELS)[number], string>;
  tiers: { threshold: string; bonusType: 'fixed' | 'percentage'; bonusValue: string }[];
}

export function loyaltyFormFrom(s: LoyaltySettingsDto): LoyaltyForm {
  const str = (n: number | undefined) => (typeof n === 'number' && Number.isFinite(n) ? String(n) : '');
  return {
    enabled: Boolean(s.enabled),
    pointsPerDollar: str(s.pointsPerDollar),
    redemptionRate: str(s.redemptionRate),
    minimumPoints: str(s.minimumPoints),
    minimumRedemption: str(s.minimumRedemption),
    maximumRedemptionValue: str(s.maximumRedemptionValue),
    statusTiers: { silver: str(s.statusTiers?.silver), gold: str(s.statusTiers?.gold), platinum: str(s.statusTiers?.platinum) },
    statusMultipliers: {
      standard: str(s.statusMultipliers?.standard),
      silver: str(s.statusMultipliers?.silver),
      gold: str(s.statusMultipliers?.gold),
      platinum: str(s.statusMultipliers?.platinum),
    },
    tiers: (s.tiers ?? []).map((t) => ({ threshold: str(t.threshold), bonusType: t.bonusType, bonusValue: str(t.bonusValue) })),
  };
}

/** A field's error: a key under `settings.loyalty.*` and its parameters. */
export interface FieldError {
  key: 'required' | 'invalidNumber' | 'minimum' | 'maximum' | 'wholeNumber' | 'decimals' | 'tierOrder';
  params?: Record<string, number>;
}

/** Field path (as the server names it: `statusTiers.gold`, `tiers.0.threshold`) -> error. */
export type LoyaltyErrors = Record<string, FieldError>;

function decimalsOf(text: string): number {
  const m = /\.(\d+)$/.exec(text.trim());
  return m ? m[1]!.length : 0;
}

/** null when the text is a number within the field's rules, else what is wrong. */
export function checkNumber(text: string, kind: NumberKind): FieldError | null {
  const trimmed = text.trim();
  if (!trimmed) return { key: 'required' };
  const value = Number(trimmed);
  if (!Number.isFinite(value) || !/^-?\d*\.?\d+$|^-?\d+\.$/.test(trimmed)) return { key: 'invalidNumber' };
  if (value < kind.min) return { key: 'minimum', params: { min: kind.min } };
  if (value > kind.max) return { key: 'maximum', params: { max: kind.max } };
  if (kind.decimals === 0 && !Number.isInteger(value)) return { key: 'wholeNumber' };
  if (decimalsOf(trimmed) > kind.decimals) return { key: 'decimals', params: { n: kind.decimals } };
  return null;
}

export function validateLoyalty(form: LoyaltyForm): LoyaltyErrors {
  const errors: LoyaltyErrors = {};
  const check = (path: string, text: string, kind: NumberKind) => {
    const e = checkNumber(text, kind);
    if (e) errors[path] = e;
  };
  check('pointsPerDollar', form.pointsPerDollar, LOYALTY_FIELDS.pointsPerDollar);
  check('redemptionRate', form.redemptionRate, LOYALTY_FIELDS.redemptionRate);
  check('minimumPoints', form.minimumPoints, LOYALTY_FIELDS.minimumPoints);
  check('minimumRedemption', form.minimumRedemption, LOYALTY_FIELDS.minimumRedemption);
  check('maximumRedemptionValue', form.maximumRedemptionValue, LOYALTY_FIELDS.maximumRedemptionValue);
  for (const level of STATUS_LEVELS) check(`statusTiers.${level}`, form.statusTiers[level], LOYALTY_FIELDS.statusTier);
  for (const level of MULTIPLIER_LEVELS)
    check(`statusMultipliers.${level}`, form.statusMultipliers[level], LOYALTY_FIELDS.statusMultiplier);
  form.tiers.forEach((tier, i) => {
    check(`tiers.${i}.threshold`, tier.threshold, LOYALTY_FIELDS.tierThreshold);
    check(`tiers.${i}.bonusValue`, tier.bonusValue, LOYALTY_FIELDS.tierBonusValue);
  });
  // Status tiers climb: silver <= gold <= platinum (the server refuses anything else).
  const [silver, gold, platinum] = STATUS_LEVELS.map((l) => Number(form.statusTiers[l]));
  if (STATUS_LEVELS.every((l) => !errors[`statusTiers.${l}`]) && !(silver! <= gold! && gold! <= platinum!)) {
    for (const l of STATUS_LEVELS) errors[`statusTiers.${l}`] = { key: 'tierOrder' };
  }
  return errors;
}

/** PUT /api/loyalty/settings: the whole settings object (call only when validateLoyalty found nothing). */
export function loyaltyPayload(form: LoyaltyForm): LoyaltySettingsDto {
  const n = (text: string) => Number(text.trim());
  return {
    enabled: form.enabled,
    pointsPerDollar: n(form.pointsPerDollar),
    redemptionRate: n(form.redemptionRate),
    minimumPoints: n(form.minimumPoints),
    minimumRedemption: n(form.minimumRedemption),
    maximumRedemptionValue: n(form.maximumRedemptionValue),
    statusTiers: { silver: n(form.statusTiers.silver), gold: n(form.statusTiers.gold), platinum: n(form.statusTiers.platinum) },
    statusMultipliers: {
      standard: n(form.statusMultipliers.standard),
      silver: n(form.statusMultipliers.silver),
      gold: n(form.statusMultipliers.gold),
      platinum: n(form.statusMultipliers.platinum),
    },
    tiers: form.tiers.map((t) => ({ threshold: n(t.threshold), bonusType: t.bonusType, bonusValue: n(t.bonusValue) })),
  };
}

/** A branch or register code as the server accepts it: letters, digits, '.', '_' and '-', up to 40. */
export function isBranchCode(code: string): boolean {
  return /^[\p{L}\p{N}._-]{1,40}$/u.test(code);
}

/** "main, till-2" -> ['main', 'till-2'] (duplicates dropped); null when empty or a code is not valid. */
export function parseRegisters(text: string): string[] | null {
  const list = [
    ...new Set(
      text
        .split(/[,،\s]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  return list.length > 0 && list.every(isBranchCode) ? list : null;
}
