import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  type ShopFactsDto,
  type UserExchangeRateDto,
  DEFAULT_CHANGE_CURRENCY,
  DEFAULT_EXCHANGE_RATE,
  DEFAULT_IQD_CASH_ROUNDING,
  DEFAULT_SCALE_LABEL_RULE,
  scaleRuleProblem,
  type BranchDto,
  type Currency,
  type GeneralSettingsDto,
  type Locale,
  type ScaleLabelRule,
  type SettingsChangedData,
  type TaxMode,
  type TillTaxDto,
} from '@dukan/contracts';
import { audit, DomainError, Outbox, type RequestContext } from '@dukan/platform';
import type { UpdateGeneralSettingsDto } from './settings.dto.js';
import { effectiveExchangeRate, isTimeZone, percentToBasisPoints, rateChange } from './settings.policy.js';

interface SettingsRow {
  exchange_rate: string;
  store_name: string;
  default_language: Locale;
  time_zone: string;
  tax_rate_bp: number;
  tax_mode: TaxMode;
  iqd_cash_rounding: number;
  change_currency: Currency;
  sell_without_shift: boolean;
  shift_limit_usd_cents: string;
  shift_limit_iqd: string;
  updated_at: Date | null;
  scale_label: Partial<ScaleLabelRule> | null;
}

/** The shop's scale-label rule: its own, else the default (labels off). */
const scaleRuleOf = (row: SettingsRow): ScaleLabelRule => ({ ...DEFAULT_SCALE_LABEL_RULE, ...(row.scale_label ?? {}) });

const shiftLimit = (row: SettingsRow) => ({ USD: Number(row.shift_limit_usd_cents), IQD: Number(row.shift_limit_iqd) });

interface State {
  row: SettingsRow;
  userRates: Record<string, number>;
  branches: BranchDto[];
}

const GLOBAL_FIELDS = [
  'storeName',
  'defaultLanguage',
  'timeZone',
  'taxRate',
  'taxMode',
  'iqdCashRounding',
  'changeCurrency',
  'sellWithoutShift',
  'shiftDifferenceLimit',
  'branches',
  'scaleLabel',
] as const;

/** General settings: exchange rates (global and per user), store name, language, time zone, tax, branches and registers. */
@Injectable()
export class SettingsService {
  constructor(
    private readonly ds: DataSource,
    private readonly outbox: Outbox,
  ) {}

  /**
   * The till's money settings: the rate that applies to the signed-in user, the shop's dinar cash-rounding step and
   * the currency the till starts the change in.
   */
  async exchangeRate(
    ctx: RequestContext,
  ): Promise<{ exchangeRate: number; isUserSpecific: boolean; iqdCashRounding: number; changeCurrency: Currency }> {
    const [rate, [row]] = await Promise.all([
      this.exchangeRateFor(ctx.actorId ?? ''),
      this.ds.query(`SELECT iqd_cash_rounding, change_currency FROM general_settings WHERE id = 1`) as Promise<
        { iqd_cash_rounding: number; change_currency: Currency }[]
      >,
    ]);
    return {
      ...rate,
      iqdCashRounding: row?.iqd_cash_rounding ?? DEFAULT_IQD_CASH_ROUNDING,
      changeCurrency: row?.change_currency ?? DEFAULT_CHANGE_CURRENCY,
    };
  }

  /** The rate that applies to a user: their own, else the shop's (what the till shows them, and what sales records). */
  async exchangeRateFor(userId: string): Promise<UserExchangeRateDto> {
    const [row]: { global: string | null; own: string | null }[] = await this.ds.query(
      `SELECT (SELECT exchange_rate FROM general_settings WHERE id = 1) AS global,
              (SELECT exchange_rate FROM user_exchange_rates WHERE user_id = $1) AS own`,
      [userId],
    );
    return effectiveExchangeRate(row?.global == null ? null : Number(row.global), row?.own == null ? null : Number(row.own));
  }

  /** The shop's name, as the installed app shows it. */
  async storeName(): Promise<string> {
    const [row]: { store_name: string }[] = await this.ds.query(`SELECT store_name FROM general_settings WHERE id = 1`);
    return row?.store_name ?? '';
  }

  async shop(): Promise<ShopFactsDto> {
    const [row]: { store_name: string; exchange_rate: string; iqd_cash_rounding: number }[] = await this.ds.query(
      `SELECT store_name, exchange_rate, iqd_cash_rounding FROM general_settings WHERE id = 1`,
    );
    return {
      storeName: row?.store_name ?? '',
      exchangeRate: Number(row?.exchange_rate ?? DEFAULT_EXCHANGE_RATE),
      iqdCashRounding: row?.iqd_cash_rounding ?? DEFAULT_IQD_CASH_ROUNDING,
    };
  }

  /** The shop's tax as the till prices a cart with it (it follows it within its poll). */
  async tax(m: EntityManager = this.ds.manager): Promise<TillTaxDto> {
    const [row]: { tax_rate_bp: number; tax_mode: TaxMode }[] = await m.query(
      `SELECT tax_rate_bp, tax_mode FROM general_settings WHERE id = 1`,
    );
    return { rate: (row?.tax_rate_bp ?? 0) / 100, mode: row?.tax_mode ?? 'included' };
  }

  async general(ctx: RequestContext, m: EntityManager = this.ds.manager): Promise<GeneralSettingsDto> {
    return this.toDto(ctx, await this.state(m));
  }

  async update(ctx: RequestContext, dto: UpdateGeneralSettingsDto): Promise<GeneralSettingsDto> {
    const isAdmin = ctx.user?.role === 'admin';
    if (!isAdmin) {
      const denied = [...GLOBAL_FIELDS.filter((f) => dto[f] !== undefined), ...(dto.applyToAllUsers ? ['applyToAllUsers'] : [])];
      if (denied.length > 0) {
        throw new DomainError(
          'ADMIN_ONLY',
          'settings.adminOnlyField',
          {},
          Object.fromEntries(denied.map((f) => [f, { key: 'settings.adminOnlyField' }])),
        );
      }
    }
    if (dto.timeZone !== undefined && !isTimeZone(dto.timeZone)) throw DomainError.validation({ timeZone: 'settings.invalidTimeZone' });
    if (dto.branches) {
      const ids = dto.branches.map((b) => b._id);
      const dup = ids.findIndex((id, i) => ids.indexOf(id) !== i);
      if (dup >= 0) throw DomainError.validation({ [`branches.${dup}._id`]: 'validation.invalidValue' });
    }

    return this.ds.transaction((m) => this.updateIn(m, ctx, dto));
  }

  /** The change of `update`, checked already, inside the caller's transaction (the receipt settings change the store name). */
  async updateIn(m: EntityManager, ctx: RequestContext, dto: UpdateGeneralSettingsDto): Promise<GeneralSettingsDto> {
    const isAdmin = ctx.user?.role === 'admin';
    const before = await this.state(m, true);
    const changed: string[] = [];
    if (dto.exchangeRate !== undefined) {
      const change = rateChange(isAdmin, dto.exchangeRate, dto.applyToAllUsers === true);
      if (change.kind === 'own') {
        await m.query(
          `INSERT INTO user_exchange_rates (user_id, exchange_rate) VALUES ($1, $2)
           ON CONFLICT (user_id) DO UPDATE SET exchange_rate = EXCLUDED.exchange_rate, updated_at = now()`,
          [ctx.actorId, change.rate],
        );
        changed.push('userExchangeRates');
      } else {
        await m.query(`UPDATE general_settings SET exchange_rate = $1 WHERE id = 1`, [change.rate]);
        changed.push('exchangeRate');
        // The admin sees the rate they set; with "apply to all users" nobody keeps their own.
        const cleared: unknown = await m.query(
          change.overrideAll ? `DELETE FROM user_exchange_rates` : `DELETE FROM user_exchange_rates WHERE user_id = $1`,
          change.overrideAll ? [] : [ctx.actorId],
        );
        if (Array.isArray(cleared) && Number(cleared[1]) > 0) changed.push('userExchangeRates');
      }
    }
    const sets: [string, unknown][] = [];
    if (dto.storeName !== undefined) sets.push(['store_name', dto.storeName]);
    if (dto.defaultLanguage !== undefined) sets.push(['default_language', dto.defaultLanguage]);
    if (dto.timeZone !== undefined) sets.push(['time_zone', dto.timeZone]);
    if (dto.taxRate !== undefined) sets.push(['tax_rate_bp', percentToBasisPoints(dto.taxRate)]);
    if (dto.taxMode !== undefined) sets.push(['tax_mode', dto.taxMode]);
    if (dto.iqdCashRounding !== undefined) sets.push(['iqd_cash_rounding', dto.iqdCashRounding]);
    if (dto.changeCurrency !== undefined) sets.push(['change_currency', dto.changeCurrency]);
    if (dto.sellWithoutShift !== undefined) sets.push(['sell_without_shift', dto.sellWithoutShift]);
    if (dto.scaleLabel !== undefined) {
      const rule: ScaleLabelRule = { ...dto.scaleLabel, prefix: dto.scaleLabel.prefix.trim() };
      const problem = scaleRuleProblem(rule);
      if (problem) throw new DomainError('VALIDATION_FAILED', problem.key, {}, { [`scaleLabel.${problem.field}`]: { key: problem.key } });
      sets.push(['scale_label', JSON.stringify(rule)]);
    }
    if (dto.shiftDifferenceLimit !== undefined) {
      sets.push(['shift_limit_usd_cents', dto.shiftDifferenceLimit.USD], ['shift_limit_iqd', dto.shiftDifferenceLimit.IQD]);
    }
    if (sets.length > 0) {
      await m.query(
        `UPDATE general_settings SET ${sets.map(([c], i) => `${c} = $${i + 1}`).join(', ')} WHERE id = 1`,
        sets.map(([, v]) => v),
      );
    }
    if (dto.branches) await this.replaceBranches(m, dto.branches);
    await m.query(`UPDATE general_settings SET updated_at = now(), updated_by = $1 WHERE id = 1`, [ctx.actorId]);

    const after = await this.state(m);
    const fieldChanged = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);
    const event = this.toEvent(after, []);
    const previous = this.toEvent(before, []);
    const diff = (Object.keys(event) as (keyof SettingsChangedData)[]).filter(
      (k) => k !== 'changed' && fieldChanged(event[k], previous[k]),
    );
    if (diff.length > 0) {
      await audit(
        m,
        ctx,
        'settings.changed',
        { type: 'settings', id: 'general' },
        {
          changed: diff,
          before: Object.fromEntries(diff.map((k) => [k, previous[k]])),
          after: Object.fromEntries(diff.map((k) => [k, event[k]])),
        },
      );
      await this.outbox.add(m, ctx, 'dukan.settings.settings.changed.v1', { ...event, changed: diff });
    }
    return this.toDto(ctx, after);
  }

  private async replaceBranches(m: EntityManager, branches: NonNullable<UpdateGeneralSettingsDto['branches']>): Promise<void> {
    // A branch left out of the list is deactivated, never deleted: its stock, sales and users keep pointing at it.
    await m.query(`UPDATE branches SET active = false WHERE active AND id <> ALL($1::text[])`, [branches.map((b) => b._id)]);
    for (const [i, b] of branches.entries()) {
      await m.query(
        `INSERT INTO branches (id, name, position) VALUES ($1, $2, $3)
         ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, position = EXCLUDED.position, active = true`,
        [b._id, b.name, i],
      );
      const registers = [...new Set(b.registers)];
      await m.query(`DELETE FROM registers WHERE branch_id = $1 AND id <> ALL($2::text[])`, [b._id, registers]);
      for (const [j, r] of registers.entries()) {
        await m.query(
          `INSERT INTO registers (branch_id, id, position) VALUES ($1, $2, $3) ON CONFLICT (branch_id, id) DO UPDATE SET position = EXCLUDED.position`,
          [b._id, r, j],
        );
      }
    }
  }

  private async state(m: EntityManager, lock = false): Promise<State> {
    const [row]: SettingsRow[] = await m.query(`SELECT * FROM general_settings WHERE id = 1${lock ? ' FOR UPDATE' : ''}`);
    const rates: { user_id: string; exchange_rate: string }[] = await m.query(
      `SELECT user_id, exchange_rate FROM user_exchange_rates ORDER BY user_id`,
    );
    const branches: { id: string; name: string; active: boolean; registers: string[] | null }[] = await m.query(
      `SELECT b.id, b.name, b.active, array_agg(r.id ORDER BY r.position, r.id) FILTER (WHERE r.id IS NOT NULL) AS registers
         FROM branches b LEFT JOIN registers r ON r.branch_id = b.id
        GROUP BY b.id ORDER BY b.position, b.created_at, b.id`,
    );
    return {
      row: row!,
      userRates: Object.fromEntries(rates.map((r) => [r.user_id, Number(r.exchange_rate)])),
      branches: branches.map((b) => ({ _id: b.id, name: b.name, registers: b.registers ?? [], active: b.active })),
    };
  }

  private toEvent(s: State, changed: string[]): SettingsChangedData {
    return {
      exchangeRate: Number(s.row.exchange_rate),
      userExchangeRates: s.userRates,
      storeName: s.row.store_name,
      defaultLanguage: s.row.default_language,
      timeZone: s.row.time_zone,
      iqdCashRounding: s.row.iqd_cash_rounding,
      changeCurrency: s.row.change_currency,
      taxRateBasisPoints: s.row.tax_rate_bp,
      taxMode: s.row.tax_mode,
      sellWithoutShift: s.row.sell_without_shift,
      shiftDifferenceLimit: shiftLimit(s.row),
      scaleLabel: scaleRuleOf(s.row),
      branches: s.branches.map((b) => ({ id: b._id, name: b.name, registers: b.registers, active: b.active })),
      changed,
    };
  }

  private toDto(ctx: RequestContext, s: State): GeneralSettingsDto {
    const isAdmin = ctx.user?.role === 'admin';
    const own = ctx.actorId && Object.prototype.hasOwnProperty.call(s.userRates, ctx.actorId) ? s.userRates[ctx.actorId]! : null;
    const effective = effectiveExchangeRate(Number(s.row.exchange_rate), own);
    return {
      exchangeRate: Number(s.row.exchange_rate),
      // Other people's rates are an admin's business only.
      userExchangeRates: isAdmin ? s.userRates : own !== null && ctx.actorId ? { [ctx.actorId]: own } : {},
      effectiveExchangeRate: effective.exchangeRate,
      isUserSpecific: effective.isUserSpecific,
      storeName: s.row.store_name,
      defaultLanguage: s.row.default_language,
      timeZone: s.row.time_zone,
      taxRate: s.row.tax_rate_bp / 100,
      taxMode: s.row.tax_mode,
      iqdCashRounding: s.row.iqd_cash_rounding,
      changeCurrency: s.row.change_currency,
      sellWithoutShift: s.row.sell_without_shift,
      shiftDifferenceLimit: shiftLimit(s.row),
      scaleLabel: scaleRuleOf(s.row),
      branches: s.branches,
      updatedAt: s.row.updated_at ? s.row.updated_at.toISOString() : null,
    };
  }
}
