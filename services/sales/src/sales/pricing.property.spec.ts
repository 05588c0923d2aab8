// What the till computes is exactly what the server accepts: random carts priced by the till's own code
// (frontend pos lib), sent through the server's validation and its checks, and stored as the till showed them.
import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import fc from 'fast-check';
import { checkTender, pointsValueCents, priceSale, settleTender, toCents, type Currency, type LineInput } from '@dukan/contracts';
import {
  buildSalePayload,
  computeTotals,
  lineSubtotalCents,
  type CartLine,
  type OrderDiscount,
} from '../../../../frontend/src/features/pos/lib/totals.js';
import { typedAmountToCents } from '../../../../frontend/src/lib/money.js';
import { CreateSaleDto } from './sale.dto.js';
import { checkAfterLoyalty, checkBeforeLoyalty, checkChange, expectedTotalIfLoyaltyRight, requestedDiscount } from './pricing.policy.js';

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
        const discount: OrderDiscount = !c.discount
          ? { type: 'percentage', value: 0 }
          : c.discount.type === 'percentage'
            ? { type: 'percentage', value: Number.parseFloat(c.discount.typed) }
            : { type: 'fixed', value: typedAmountToCents(c.discount.typed, c.currency, c.rate) };
        const beforeLoyalty = computeTotals(lines, discount, 0);
        // Loyalty quotes the points' value, capped by what is left to pay (the same quote reaches the server).
        const quote = (totalBeforeLoyaltyCents: number) =>
          Math.min(pointsValueCents(c.loyalty!.points, c.loyalty!.redemptionRate), totalBeforeLoyaltyCents);
        const loyalty =
          c.loyalty && quote(beforeLoyalty.totalCents) > 0 ? { points: c.loyalty.points, cents: quote(beforeLoyalty.totalCents) } : null;
        const totals = computeTotals(lines, discount, loyalty?.cents ?? 0);
        const shownTotal = settleTender(totals.totalCents, 0, c.currency, c.rate).totalMinor;
        const tender = settleTender(totals.totalCents, shownTotal + c.extraTender, c.currency, c.rate);
        expect(tender.covers).toBe(true);
        const body = JSON.parse(
          JSON.stringify(
            buildSalePayload({
              lines,
              discount,
              totals,
              customerId: loyalty ? '11111111-1111-4111-8111-111111111111' : null,
              currency: c.currency,
              exchangeRate: c.rate,
              tenderedCents: tender.tenderedCents,
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
          priceCents: l.priceCents,
          quantity: dto.items[i]!.quantity,
          discountPercent: Number(String(l.discountPercent)), // numeric column read back as text
        }));
        const base = { lines: replica, discount: requestedDiscount(dto), loyaltyDiscountCents: 0, taxRateBasisPoints: 0 };
        const before = priceSale(base);
        expect(checkBeforeLoyalty(dto, replica, before)).toEqual({});
        const tenderedCents = toCents(dto.paymentDetails!.amountTendered);
        expect(checkTender(tenderedCents, expectedTotalIfLoyaltyRight(dto, before)).ok).toBe(true);
        const priced = loyalty ? priceSale({ ...base, loyaltyDiscountCents: quote(before.totalBeforeLoyaltyCents) }) : before;
        expect(checkAfterLoyalty(dto, priced)).toEqual({});
        const check = checkTender(tenderedCents, priced.totalCents);
        expect(check.ok).toBe(true);
        expect(checkChange(dto, check.ok ? check.changeCents : -1)).toEqual({});

        // ---- and what is stored is what the till showed
        expect({
          subtotal: priced.subtotalCents,
          discount: priced.discountCents,
          loyalty: priced.loyaltyDiscountCents,
          total: priced.totalCents,
          lines: priced.lines.map((l) => l.subtotalCents),
        }).toEqual({
          subtotal: totals.subtotalCents,
          discount: totals.discountCents,
          loyalty: totals.loyaltyCents,
          total: totals.totalCents,
          lines: lines.map(lineSubtotalCents),
        });
      }),
      { numRuns: RUNS },
    );
  });
});
