// Selling: a guest, a customer with a discount, points redeemed, the spec's other sale shapes and a refused sale.
import { eventually } from '@dukan/testing';
import { any, SAVED_SALE, salePayload, type ShopDay } from './shop-day.js';

export function saleSteps(s: ShopDay): void {
  const { day, auth } = s;

  it('sells to a guest: POST /api/transactions answers the saved sale with what the receipt reads', async () => {
    const body = salePayload({
      lines: [
        { product: day.tea, name: 'Black tea 500 g', quantity: 2, discount: 0 },
        { product: day.rice, name: 'Rice 5 kg', quantity: 1, discount: 10 },
      ],
      tendered: 30,
    });
    expect(body.total).toBe(28.78);
    const res = await s.t.post('/api/transactions', body, auth());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      data: { ...SAVED_SALE, total: 28.78, paymentDetails: { amountTendered: 30, change: 1.22 }, loyaltyPointsAwarded: 0 },
    });
    day.sales.push(res.body.data);
  });

  it('sells to a customer with a fixed sale discount; the customer earns points', async () => {
    const body = salePayload({
      customer: day.customerId,
      lines: [{ product: day.tea, name: 'Black tea 500 g', quantity: 2, discount: 0 }],
      discount: { type: 'fixed', value: 1, amount: 1 },
      tendered: 24,
    });
    const res = await s.t.post('/api/transactions', body, auth());
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ ...SAVED_SALE, total: 24, loyaltyPointsAwarded: 24, loyaltyPointsRedeemed: 0 });
    day.sales.push(res.body.data);
    const points = async () => (await s.t.get(`/api/customers/${day.customerId}`, auth())).body.loyaltyPoints as number;
    await eventually(async () => (await points()) === 24);
  });

  it('redeems points: POST /api/transactions/redeem answers data {pointsRedeemed, monetaryValue}, and the sale spends them', async () => {
    const quote = await s.t.post('/api/transactions/redeem', { customerId: day.customerId, points: 20 }, auth());
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({ success: true, data: { pointsRedeemed: 20, monetaryValue: 0.2 } });

    const body = salePayload({
      customer: day.customerId,
      lines: [{ product: day.rice, name: 'Rice 5 kg', quantity: 1, discount: 10 }],
      loyaltyDiscount: quote.body.data.monetaryValue,
      loyaltyPointsRedeemed: quote.body.data.pointsRedeemed,
      tendered: 5,
    });
    const res = await s.t.post('/api/transactions', body, auth());
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      ...SAVED_SALE,
      total: 3.58,
      loyaltyDiscount: 0.2,
      loyaltyPointsRedeemed: 20,
      loyaltyPointsAwarded: 3,
      paymentDetails: { amountTendered: 5, change: 1.42 },
    });
    day.sales.push(res.body.data);
    const points = async () => (await s.t.get(`/api/customers/${day.customerId}`, auth())).body.loyaltyPoints as number;
    await eventually(async () => (await points()) === 24 - 20 + 3);
    expect(await points()).toBe(7);
  });

  it("takes the spec's other sale shapes: a line discount as an amount (fixed), money figured in floating point, a loyalty discount without its points", async () => {
    // Rice at $4.20 with its 10 % off: 0.42 off the line, sent as an amount; 5 of the customer's 7 points pay $0.05,
    // sent only as the discount; the figures as a client computing in floating point sends them.
    const res = await s.t.post(
      '/api/transactions',
      {
        customer: day.customerId,
        items: [
          {
            product: day.rice._id,
            productSnapshot: { name: 'Rice 5 kg', sku: day.rice.sku, price: day.rice.price },
            quantity: 1,
            unitPrice: day.rice.price,
            subtotal: 3.7800000000000002,
            discount: 0.42,
            discountType: 'fixed',
          },
        ],
        subtotal: 3.7800000000000002,
        discountType: 'percentage',
        discountValue: 0,
        discountAmount: 0,
        loyaltyDiscount: 0.05,
        total: 3.7299999999999995,
        currency: 'USD',
        exchangeRate: 1450,
        paymentMethod: 'cash',
        paymentDetails: { amountTendered: 5, change: 1.2700000000000005 },
        paymentStatus: 'paid',
        register: 'main',
        invoiceNumber: `INV-${Date.now()}`,
        createdAt: new Date().toISOString(),
      },
      auth(),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      ...SAVED_SALE,
      subtotal: 3.78,
      total: 3.73,
      loyaltyDiscount: 0.05,
      loyaltyPointsRedeemed: 5,
      paymentDetails: { amountTendered: 5, change: 1.27 },
    });
    day.sales.push(res.body.data);
    const points = async () => (await s.t.get(`/api/customers/${day.customerId}`, auth())).body.loyaltyPoints as number;
    await eventually(async () => (await points()) === 7 - 5 + 3);
  });

  it('a refused sale names each field with an object carrying its message, which the till shows after "Validation error: "', async () => {
    const body = salePayload({ lines: [{ product: day.tea, name: 'Black tea 500 g', quantity: 1, discount: 0 }], tendered: 20 });
    body.items[0]!.quantity = 0;
    const res = await s.t.post('/api/transactions', body, auth());
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'Validation error' });
    const [first] = Object.values(res.body.errors as Record<string, { message: string }>);
    expect(res.body.errors['items.0.quantity']).toEqual({ message: any(String) });
    expect(first).toEqual({ message: any(String) });
    expect(first!.message.length).toBeGreaterThan(0);
  });
}
