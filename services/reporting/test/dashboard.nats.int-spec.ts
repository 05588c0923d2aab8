import { findNats, startServiceApp, type ServiceTestApp } from '@dukan/testing';
import { ReportingModule, loadReportingConfig } from '@dukan/reporting';
import { completed, dashboard, envelope, product, refunded, sale, user } from './fixtures.js';

const nats = await findNats();

(nats ? describe : describe.skip)('dashboard fed over NATS JetStream', () => {
  let t: ServiceTestApp;
  beforeAll(async () => {
    t = await startServiceApp({ service: 'reporting', bus: 'nats', module: (e) => ReportingModule.register(loadReportingConfig(e)) });
  });
  afterAll(() => t.close());

  it('shows the numbers of the events sent, a refund sent before its sale included', async () => {
    const a = sale(2_500);
    const b = sale(1_000);
    await t.bus.publish(refunded(a, 500)); // arrives first: retried until the sale is there
    await t.bus.publish(completed(a));
    await t.bus.publish(completed(b));
    await t.bus.publish(envelope('dukan.catalog.product.created.v1', product({ quantity: 3, reorderLevel: 5 })));
    await t.bus.publish(envelope('dukan.identity.user.created.v1', user()));
    const until = Date.now() + 15_000;
    let d = await dashboard(t);
    while (d.todaySales !== 30 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 150));
      d = await dashboard(t);
    }
    expect(d).toMatchObject({ todaySales: 30, totalProducts: 1, lowStock: 1, activeUsers: 1 });
    expect(d.recentTransactions.map((r: any) => r.id).sort()).toEqual([a.saleId, b.saleId].sort());
  });
});
