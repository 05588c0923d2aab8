import type { DynamicModule } from '@nestjs/common';
import type { ServiceName } from '@dukan/contracts';
import { CATALOG_CONSUMERS, CatalogModule, loadCatalogConfig } from '@dukan/catalog';
import { EXPENSES_CONSUMERS, ExpensesModule, loadExpensesConfig } from '@dukan/expenses';
import { IdentityModule, loadIdentityConfig } from '@dukan/identity';
import { LOYALTY_CONSUMERS, LoyaltyModule, loadLoyaltyConfig } from '@dukan/loyalty';
import { REPORTING_CONSUMERS, ReportingModule, loadReportingConfig } from '@dukan/reporting';
import { SALES_CONSUMERS, SalesModule, loadSalesConfig } from '@dukan/sales';
import { SettingsModule, loadSettingsConfig } from '@dukan/settings';
import { hasBulkLane } from '@dukan/contracts';
import { bulkWireSubject, durableName, NatsEventBus, type ConsumerDeclaration } from '@dukan/platform';
import { findNats, startServiceApp } from '@dukan/testing';

// Each service's JetStream consumers after it boots are exactly those it declares: a durable per declared
// name and lane, on the declared subject, and nothing else (no name made up from a class, none left over).

const natsUrl = await findNats();
const describeNats = natsUrl ? describe : describe.skip;

const SERVICES: Record<ServiceName, { module: (env: Record<string, string>) => DynamicModule; declared: readonly ConsumerDeclaration[] }> =
  {
    identity: { module: (env) => IdentityModule.register(loadIdentityConfig(env)), declared: [] },
    settings: { module: (env) => SettingsModule.register(loadSettingsConfig(env)), declared: [] },
    catalog: { module: (env) => CatalogModule.register(loadCatalogConfig(env)), declared: CATALOG_CONSUMERS },
    loyalty: { module: (env) => LoyaltyModule.register(loadLoyaltyConfig(env)), declared: LOYALTY_CONSUMERS },
    sales: { module: (env) => SalesModule.register(loadSalesConfig(env)), declared: SALES_CONSUMERS },
    expenses: { module: (env) => ExpensesModule.register(loadExpensesConfig(env)), declared: EXPENSES_CONSUMERS },
    reporting: { module: (env) => ReportingModule.register(loadReportingConfig(env)), declared: REPORTING_CONSUMERS },
  };

describeNats('declared consumers', () => {
  it.each(Object.keys(SERVICES) as ServiceName[])(
    '%s has on the stream exactly the consumers it declares',
    async (service) => {
      const { module, declared } = SERVICES[service];
      const t = await startServiceApp({ service, module, bus: 'nats' });
      try {
        const onServer = await (t.bus as NatsEventBus).consumerList();
        const byName = (a: { durable: string }, b: { durable: string }) => a.durable.localeCompare(b.durable);
        // A subject with a bulk lane is read by a second durable of the same consumer, on the bulk subject.
        const expected = declared.flatMap((c) => [
          { durable: durableName(c.name), subject: c.subject as string },
          ...(hasBulkLane(c.subject) ? [{ durable: `${durableName(c.name)}__bulk`, subject: bulkWireSubject(c.subject) }] : []),
        ]);
        expect(onServer.sort(byName)).toEqual(expected.sort(byName));
        // Names are stable and the inbox keys on them: each declared name is its service's and unique.
        expect(new Set(declared.map((c) => c.name)).size).toBe(declared.length);
      } finally {
        await t.close();
      }
    },
    60_000,
  );
});
