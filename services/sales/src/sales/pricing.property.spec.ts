// What the till computes is exactly what the server accepts: random carts priced by the till's own code
// (frontend pos lib), sent through the server's validation and its checks, and stored as the till showed them.
import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import fc from 'fast-check';
import {
  convertMinor,
  pointsValueCents,
  priceSale,
  remainingToPay,
  settleSale,
  unitPriceInSaleCurrency,
  type Currency,
  type LineInput,
} from '@dukan/contracts';
import {
  buildSalePayload,
  computeTotals,
  lineSubtotal,
  loyaltyInSale,
  type CartLine,
  type OrderDiscount,
} from '../../../../frontend/src/features/pos/lib/totals.js';
import { typedAmountToMinor } from '../../../../frontend/src/lib/money.js';
import { CreateSaleDto } from './sale.dto.js';
import { checkAfterLoyalty, checkBeforeLoyalty, requestedDiscount } from './pricing.policy.js';

const RUNS = 10_000;

/** A percent as a shop types it: whole, or with up to two decimals. */
const percent = fc.oneof(
  fc.constantFrom(0, 5, 10, 12.5, 15, 25, 33.33, 50, 99.99, 100),
  fc.integer({ min: 0, max: 10_000 }).map((h) => h / 100),
);

const product = fc.record({
  priceCents: fc.oneof(fc.constantFrom(1, 5, 99, 105, 1225, 1999, 3333), fc.integer({ min: 1, max: 500_000 })),
  discountPercent: fc.oneof(fc.constant(0), percent),
  quantity: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 200 })),
});

const cart = fc.record({
  lines: fc.array(product, { minLength: 1, maxLength: 8 }),
  currency: fc.constantFrom<Currency>('USD', 'IQD'),
  rate: fc.oneof(fc.constantFrom(1450, 1310.5, 1, 1500.25), fc.integer({ min: 1, max: 3000 })),
  // The cart discount as the cashier types it, in the display currency (dollars, or dinars).
  discount: fc.oneof(
    fc.constant(null),
    fc.record({ type: fc.constant('percentage' as const), typed: percent.map(String) }),
    fc.record({
      type: fc.constant('fixed' as const),
      typed: fc.oneof(
        fc.integer({ min: 0, max: 50_000 }).map((c) => (c / 100).toFixed(2)),
        fc.integer({ min: 0, max: 5_000_000 }).map(String),
      ),
    }),
  ),
  loyalty: fc.oneof(
    fc.constant(null),
    fc.record({ points: fc.integer({ min: 1, max: 20_000 }), redemptionRate: fc.constantFrom(0.01, 0.05, 0.0125, 0.1) }),
  ),
  // The shop's tax: none, or a rate (percent, up to 2 decimals) included in prices or added to them.
  tax: fc.oneof(
    fc.constant({ rate: 0, mode: 'included' as const }),
    fc.record({ rate: percent, mode: fc.constantFrom('included' as const, 'added' as const) }),
  ),
  // What the customer hands over beyond the total, in the display currency's minor units.
  extraTender: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100_000 })),
});

describe('the till and the server price alike', () => {
  it(`accepts, to the cent, every one of ${RUNS} random carts as the till builds them`, () => {
    fc.assert(
      fc.property(cart, (c) => {
        // ---- the till
        const lines: CartLine[] = c.lines.map((l, i) => ({
          productId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          sku: `SKU-${i}`,
          barcode: '',
          name: { en: `Product ${i}` },
          unitCents: l.priceCents,
          discountPercent: l.discountPercent,
          quantity: l.quantity,
          stock: 1_000,
        }));
        const m = { currency: c.currency, rate: c.rate };
        const discount: OrderDiscount = !c.discount
          ? { type: 'percentage', value: 0 }
          : c.discount.type === 'percentage'
            ? { type: 'percentage', value: Number.parseFloat(c.discount.typed) }
            : { type: 'fixed', value: typedAmountToMinor(c.discount.typed, c.currency) };
        const beforeLoyalty = computeTotals(lines, discount, 0, m, c.tax);
        // Loyalty quotes the points' value in dollars, capped by what is left to pay (the same quote reaches the server).
        const quote = (totalBeforeLoyaltyMinor: number) =>
          Math.min(
            pointsValueCents(c.loyalty!.points, c.loyalty!.redemptionRate),
            convertMinor(totalBeforeLoyaltyMinor, c.currency, 'USD', c.rate),
          );
        // Points pay for the goods, not for tax added on top of them.
        const toPay = beforeLoyalty.subtotalMinor - beforeLoyalty.discountMinor;
        const loyalty = c.loyalty && quote(toPay) > 0 ? { points: c.loyalty.points, cents: quote(toPay) } : null;
        const totals = computeTotals(lines, discount, loyaltyInSale(loyalty?.cents ?? 0, m), m, c.tax);
        const base = { currency: c.currency, totalMinor: totals.totalMinor, exchangeRate: c.rate, iqdCashRounding: 250 };
        const owed = remainingToPay({ ...base, tenders: [] })[c.currency];
        const tenders =
          owed + c.extraTender > 0 ? [{ method: 'cash' as const, currency: c.currency, amountMinor: owed + c.extraTender }] : [];
        const till = settleSale({ ...base, tenders, changeCurrency: c.currency, hasCustomer: loyalty !== null });
        expect(till.ok).toBe(true);
        const body = JSON.parse(
          JSON.stringify(
            buildSalePayload({
              lines,
              discount,
              totals,
              customerId: loyalty ? '11111111-1111-4111-8111-111111111111' : null,
              exchangeRate: c.rate,
              tenders,
              changeCurrency: c.currency,
              register: 'main',
              loyaltyPointsRedeemed: loyalty?.points ?? 0,
              now: new Date('2026-03-01T10:00:00Z'),
            }),
          ),
        ) as Record<string, unknown>;

        // ---- the server: validation, then the checks the sales service makes, in its order
        const dto = plainToInstance(CreateSaleDto, body);
        expect(validateSync(dto, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true })).toEqual([]);
        const replica: LineInput[] = c.lines.map((l, i) => ({
          priceCents: unitPriceInSaleCurrency(l.priceCents, 'USD', c.currency, c.rate),
          quantity: dto.items[i]!.quantity,
          discountPercent: Number(String(l.discountPercent)), // numeric column read back as text
        }));
        const saleBase = {
          lines: replica,
          discount: requestedDiscount(dto, c.currency),
          loyaltyDiscountCents: 0,
          taxRateBasisPoints: Math.round(c.tax.rate * 100),
          taxMode: c.tax.mode,
        };
        const before = priceSale(saleBase);
        expect(checkBeforeLoyalty(dto, replica, before, c.currency)).toEqual({});
        const priced = loyalty
          ? priceSale({ ...saleBase, loyaltyDiscountCents: convertMinor(quote(before.totalBeforeLoyaltyCents), 'USD', c.currency, c.rate) })
          : before;
        expect(checkAfterLoyalty(dto, priced, c.currency)).toEqual({});
        const server = settleSale({
          ...base,
          totalMinor: priced.totalCents,
          tenders: dto.tenders!,
          hasCustomer: loyalty !== null,
          changeCurrency: c.currency,
        });
        expect(server).toEqual(till);

        // ---- and what is stored is what the till showed
        expect({
          subtotal: priced.subtotalCents,
          discount: priced.discountCents,
          loyalty: priced.loyaltyDiscountCents,
          tax: priced.taxCents,
          total: priced.totalCents,
          lines: priced.lines.map((l) => l.subtotalCents),
        }).toEqual({
          subtotal: totals.subtotalMinor,
          discount: totals.discountMinor,
          loyalty: totals.loyaltyMinor,
          tax: totals.taxMinor,
          total: totals.totalMinor,
          lines: lines.map((l) => lineSubtotal(l, m)),
        });
      }),
      { numRuns: RUNS },
    );
  });
});
