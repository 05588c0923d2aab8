import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { LoyaltySettingsDto } from '@dukan/contracts';
import { audit, DomainError, one, type RequestContext } from '@dukan/platform';
import type { LoyaltySettingsBody } from './loyalty-settings.dto.js';
import { DEFAULT_LOYALTY_SETTINGS, type LoyaltySettings } from './loyalty.policy.js';

@Injectable()
export class LoyaltySettingsService {
  constructor(private readonly ds: DataSource) {}

  /** The current settings; the defaults until someone saves them. */
  async current(m: EntityManager = this.ds.manager): Promise<LoyaltySettings> {
    const row = await one<{ settings: Partial<LoyaltySettings> }>(m, `SELECT settings FROM loyalty_settings WHERE id = 1`);
    return normalise(row?.settings ?? {});
  }

  async replace(ctx: RequestContext, body: LoyaltySettingsBody): Promise<LoyaltySettingsDto> {
    const { silver, gold, platinum } = body.statusTiers;
    if (!(silver <= gold && gold <= platinum)) {
      throw DomainError.validation({
        'statusTiers.silver': 'loyalty.statusTiersOrder',
        'statusTiers.gold': 'loyalty.statusTiersOrder',
        'statusTiers.platinum': 'loyalty.statusTiersOrder',
      });
    }
    const next = normalise(body);
    return this.ds.transaction(async (m) => {
      // Lock the row (or its absence, through the advisory lock) so two admins' saves are ordered.
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('dukan-loyalty-settings'))`);
      const before = await this.current(m);
      await m.query(
        `INSERT INTO loyalty_settings (id, settings, updated_by) VALUES (1, $1, $2)
         ON CONFLICT (id) DO UPDATE SET settings = EXCLUDED.settings, updated_by = EXCLUDED.updated_by,
           version = loyalty_settings.version + 1, updated_at = now()`,
        [JSON.stringify(next), ctx.actorId],
      );
      await audit(m, ctx, 'loyalty.settings-changed', { type: 'loyalty-settings', id: '1' }, { before, after: next });
      return toDto(next);
    });
  }
}

/** Exactly the fields of the DTO, in a fixed order, with defaults for anything missing; tiers by threshold. */
function normalise(s: Partial<LoyaltySettings>): LoyaltySettings {
  const d = DEFAULT_LOYALTY_SETTINGS;
  return {
    enabled: s.enabled ?? d.enabled,
    pointsPerDollar: s.pointsPerDollar ?? d.pointsPerDollar,
    redemptionRate: s.redemptionRate ?? d.redemptionRate,
    minimumPoints: s.minimumPoints ?? d.minimumPoints,
    minimumRedemption: s.minimumRedemption ?? d.minimumRedemption,
    maximumRedemptionValue: s.maximumRedemptionValue ?? d.maximumRedemptionValue,
    statusTiers: {
      silver: s.statusTiers?.silver ?? d.statusTiers.silver,
      gold: s.statusTiers?.gold ?? d.statusTiers.gold,
      platinum: s.statusTiers?.platinum ?? d.statusTiers.platinum,
    },
    statusMultipliers: {
      standard: s.statusMultipliers?.standard ?? d.statusMultipliers.standard,
      silver: s.statusMultipliers?.silver ?? d.statusMultipliers.silver,
      gold: s.statusMultipliers?.gold ?? d.statusMultipliers.gold,
      platinum: s.statusMultipliers?.platinum ?? d.statusMultipliers.platinum,
    },
    tiers: (s.tiers ?? d.tiers)
      .map((t) => ({ threshold: t.threshold, bonusType: t.bonusType, bonusValue: t.bonusValue }))
      .sort((a, b) => a.threshold - b.threshold),
  };
}

export function toDto(s: LoyaltySettings): LoyaltySettingsDto {
  return s;
}
