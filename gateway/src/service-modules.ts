import type { DynamicModule } from '@nestjs/common';
import type { ServiceName } from '@dukan/contracts';
import { CatalogModule, loadCatalogConfig } from '@dukan/catalog';
import { ExpensesModule, loadExpensesConfig } from '@dukan/expenses';
import { IdentityModule, loadIdentityConfig } from '@dukan/identity';
import { LoyaltyModule, loadLoyaltyConfig } from '@dukan/loyalty';
import { ReportingModule, loadReportingConfig } from '@dukan/reporting';
import { SalesModule, loadSalesConfig } from '@dukan/sales';
import { SettingsModule, loadSettingsConfig } from '@dukan/settings';

type Env = Record<string, string | undefined>;

/**
 * Every service module, each configured from one environment, in migration order: mounted together by
 * the all-in-one app and migrated one after the other by `migrate` (the cluster's migration job).
 */
export const SERVICE_MODULES: ReadonlyArray<readonly [ServiceName, (env: Env) => DynamicModule]> = [
  ['identity', (env) => IdentityModule.register(loadIdentityConfig(env))],
  ['settings', (env) => SettingsModule.register(loadSettingsConfig(env))],
  ['catalog', (env) => CatalogModule.register(loadCatalogConfig(env))],
  ['loyalty', (env) => LoyaltyModule.register(loadLoyaltyConfig(env))],
  ['sales', (env) => SalesModule.register(loadSalesConfig(env))],
  ['expenses', (env) => ExpensesModule.register(loadExpensesConfig(env))],
  ['reporting', (env) => ReportingModule.register(loadReportingConfig(env))],
];
