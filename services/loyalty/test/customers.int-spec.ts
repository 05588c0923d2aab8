import type { ServiceTestApp } from '@dukan/testing';
import { createCustomer, phone, startLoyalty } from './fixtures.js';

let t: ServiceTestApp;
beforeAll(async () => {
  t = await startLoyalty();
});
afterAll(() => t.close());

const count = async () => Number((await t.dataSource().query(`SELECT count(*)::int AS n FROM customers`))[0].n);
const outbox = async (type: string) => t.dataSource().query(`SELECT data FROM outbox WHERE type = $1 ORDER BY seq`, [type]);

describe('create', () => {
  it('stores a customer with the defaults of the spec and publishes it', async () => {
    const p = phone();
    const res = await t.post(
      '/api/customers',
      { firstName: ' Shilan ', lastName: 'Aziz', phone: p, email: 'shilan@example.com' },
      { token: t.tokens.cashier },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      firstName: 'Shilan',
      lastName: 'Aziz',
      fullName: 'Shilan Aziz',
      phone: p,
      email: 'shilan@example.com',
      address: { country: 'Iraq' },
      languagePreference: 'en',
      loyaltyPoints: 0,
      totalSpent: 0,
      purchaseCount: 0,
      loyaltyStatus: 'standard',
    });
    expect(typeof res.body._id).toBe('string');
    expect(Date.parse(res.body.memberSince)).not.toBeNaN();
    const events = await outbox('dukan.loyalty.customer.created.v1');
    expect(events.map((e: any) => e.data.customerId)).toContain(res.body._id);
  });

  it('keeps an address and a Kurdish language preference', async () => {
    const res = await t.post(
      '/api/customers',
      {
        firstName: 'Karwan',
        lastName: 'Ali',
        phone: phone(),
        languagePreference: 'ku',
        address: { street: '60m St', city: 'Erbil', country: 'Iraq' },
      },
      { token: t.tokens.admin },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      languagePreference: 'ku',
      address: { street: '60m St', city: 'Erbil', state: null, zipCode: null, country: 'Iraq' },
    });
  });

  it.each([
    [{ lastName: 'A', phone: '07701234567' }, 'firstName', 'This field is required'],
    [{ firstName: 'A', phone: '07701234567' }, 'lastName', 'This field is required'],
    [{ firstName: 'A', lastName: 'B' }, 'phone', 'This field is required'],
    [{ firstName: '  ', lastName: 'B', phone: '07701234567' }, 'firstName', 'This field is required'],
    [{ firstName: 'A', lastName: 'B', phone: '12345' }, 'phone', 'Please enter a valid phone number'],
    [{ firstName: 'A', lastName: 'B', phone: '+96 4770123456789012' }, 'phone', 'Please enter a valid phone number'],
    [{ firstName: 'A', lastName: 'B', phone: '0770-123-4567' }, 'phone', 'Please enter a valid phone number'],
    [{ firstName: 'A', lastName: 'B', phone: '07701234567', email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ firstName: 'A', lastName: 'B', phone: '07701234567', languagePreference: 'fr' }, 'languagePreference', 'This value is not allowed'],
    [{ firstName: 'A', lastName: 'B', phone: '07701234567', loyaltyPoints: 5000 }, 'loyaltyPoints', 'This field is not allowed'],
    [{ firstName: 'A', lastName: 'B', phone: '07701234567', totalSpent: 9 }, 'totalSpent', 'This field is not allowed'],
  ])('refuses %j with 400 on %s and stores nothing', async (body, field, text) => {
    const before = await count();
    const res = await t.post('/api/customers', body, { token: t.tokens.admin });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors[field].message).toBe(text);
    expect(await count()).toBe(before);
  });

  it('answers validation errors in Kurdish when asked', async () => {
    const res = await t.post(
      '/api/customers',
      { firstName: 'A', lastName: 'B', phone: '1' },
      { token: t.tokens.admin, headers: { 'accept-language': 'ku' } },
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.phone.message).toBe('تکایە ژمارەی تەلەفۆنێکی دروست بنووسە');
  });

  it.each(['+964 7701234599', '+9647701234598', '+1-2025550123', '07701234597', '12345678901234'])('accepts the phone %s', async (p) => {
    const res = await t.post('/api/customers', { firstName: 'P', lastName: 'Q', phone: p }, { token: t.tokens.admin });
    expect(res.status).toBe(201);
  });

  it('refuses a second live customer with the same phone digits (409), and frees the number on delete', async () => {
    const p = '+964 7709990001';
    const first = await createCustomer(t, { phone: p });
    const dup = await t.post('/api/customers', { firstName: 'X', lastName: 'Y', phone: '+9647709990001' }, { token: t.tokens.admin });
    expect(dup.status).toBe(409);
    expect(dup.body.errors.phone.message).toBe('A customer with this phone number already exists');
    expect((await t.delete(`/api/customers/${first._id}`, { token: t.tokens.admin })).status).toBe(200);
    expect((await t.post('/api/customers', { firstName: 'X', lastName: 'Y', phone: p }, { token: t.tokens.admin })).status).toBe(201);
  });
});

describe('read, update, delete', () => {
  it('reads one customer, 404 for unknown or malformed ids', async () => {
    const c = await createCustomer(t);
    const res = await t.get(`/api/customers/${c._id}`, { token: t.tokens.cashier });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: c._id, firstName: 'Ava' });
    const missing = await t.get('/api/customers/00000000-0000-4000-8000-00000000beef', { token: t.tokens.cashier });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Customer not found');
    expect((await t.get('/api/customers/not-an-id', { token: t.tokens.cashier })).status).toBe(404);
  });

  it('updates given fields only, clears the email with an empty string, publishes the change', async () => {
    const c = await createCustomer(t, { email: 'ava@example.com' });
    const res = await t.put(
      `/api/customers/${c._id}`,
      { lastName: 'Hassan', email: '', address: { city: 'Duhok' } },
      { token: t.tokens.cashier },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: 'Ava',
      lastName: 'Hassan',
      email: null,
      phone: c.phone,
      address: { city: 'Duhok', country: 'Iraq' },
    });
    const events = await outbox('dukan.loyalty.customer.updated.v1');
    expect(events.some((e: any) => e.data.customerId === c._id && e.data.lastName === 'Hassan' && e.data.version === 2)).toBe(true);
  });

  it('refuses a bad update with 400 and changes nothing', async () => {
    const c = await createCustomer(t);
    for (const body of [{ phone: 'abc' }, { firstName: '' }, { email: 'x@' }, { loyaltyPoints: 1 }, { purchaseCount: 3 }]) {
      const res = await t.put(`/api/customers/${c._id}`, body, { token: t.tokens.admin });
      expect(res.status).toBe(400);
    }
    expect((await t.get(`/api/customers/${c._id}`, { token: t.tokens.admin })).body).toMatchObject({
      firstName: 'Ava',
      phone: c.phone,
      loyaltyPoints: 0,
    });
  });

  it('deletes: gone from reads and lists, kept as a row, published', async () => {
    const c = await createCustomer(t, { firstName: 'Gone' });
    const res = await t.delete(`/api/customers/${c._id}`, { token: t.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Customer deleted' });
    expect((await t.get(`/api/customers/${c._id}`, { token: t.tokens.admin })).status).toBe(404);
    expect((await t.delete(`/api/customers/${c._id}`, { token: t.tokens.admin })).status).toBe(404);
    const list = await t.get('/api/customers?search=Gone', { token: t.tokens.admin });
    expect(list.body).toEqual([]);
    const [row] = await t.dataSource().query(`SELECT deleted_at FROM customers WHERE id = $1`, [c._id]);
    expect(row.deleted_at).not.toBeNull();
    expect((await outbox('dukan.loyalty.customer.deleted.v1')).map((e: any) => e.data.customerId)).toContain(c._id);
  });
});

describe('list and search', () => {
  let a: any, b: any, c: any, d: any;
  beforeAll(async () => {
    a = await createCustomer(t, { firstName: 'Rebin', lastName: 'Omer', phone: '+964 7501112233', email: 'rebin@shop.iq' });
    b = await createCustomer(t, { firstName: 'Dilan', lastName: 'REBWAR', phone: '07504445566' });
    c = await createCustomer(t, { firstName: 'Hero', lastName: 'Salih', phone: '07507778899', email: 'HERO@Mail.com' });
    d = await createCustomer(t, { firstName: 'هێمن', lastName: 'کەریم', phone: '07501230000' });
  });

  it('returns an array', async () => {
    const res = await t.get('/api/customers', { token: t.tokens.cashier });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((x: any) => x._id)).toEqual(expect.arrayContaining([a._id, b._id, c._id]));
  });

  it.each([
    ['reb', ['a', 'b']], // first name of one, last name of the other, any case
    ['dilan rebwar', ['b']], // full name
    ['REBIN OMER', ['a']],
    ['shop.iq', ['a']], // email
    ['hero@mail', ['c']], // email, case-insensitive
    ['7778899', ['c']], // phone
    ['0750 444', ['b']], // phone typed with a space
    ['هيمن كهريم', ['d']], // Kurdish typed on an Arabic keyboard
    ['ھێمن', ['d']], // h typed as ھ on a Sorani keyboard
    ['كەريم', ['d']],
    ['%', []], // a LIKE wildcard is just a character
    ['nobody', []],
  ])('search %p finds %p', async (search, expected) => {
    const res = await t.get(`/api/customers?search=${encodeURIComponent(search)}`, { token: t.tokens.admin });
    expect(res.status).toBe(200);
    const ids = res.body.map((x: any) => x._id).filter((id: string) => [a._id, b._id, c._id, d._id].includes(id));
    const want = expected.map((k) => ({ a, b, c, d })[k as 'a' | 'b' | 'c' | 'd']._id);
    expect(ids.sort()).toEqual(want.sort());
  });

  it('pages with {data, pagination} when page is given', async () => {
    const all = (await t.get('/api/customers', { token: t.tokens.admin })).body;
    const res = await t.get('/api/customers?page=2&limit=2', { token: t.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: all.length, page: 2, limit: 2, pages: Math.ceil(all.length / 2) });
    expect(res.body.data.map((x: any) => x._id)).toEqual(all.slice(2, 4).map((x: any) => x._id));
    const defaults = await t.get('/api/customers?page=1', { token: t.tokens.admin });
    expect(defaults.body.pagination.limit).toBe(10);
  });

  it.each(['page=0', 'limit=0', 'limit=5000', 'page=abc', 'sort=name'])('refuses the query %s with 400', async (query) => {
    expect((await t.get(`/api/customers?${query}`, { token: t.tokens.admin })).status).toBe(400);
  });
});
