import type { ServiceTestApp } from '@dukan/testing';
import { CanonicalPhones1797300000400 } from '../src/migrations/1797300000400-canonical-phones.js';
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
      phone: p.replace(' ', ''), // one form: E.164
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
    [{ firstName: 'A', lastName: 'B', phone: '0770 123 456' }, 'phone', 'Please enter a valid phone number'],
    [{ firstName: 'A', lastName: 'B', phone: '0770 123 4567 8' }, 'phone', 'Please enter a valid phone number'],
    [{ firstName: 'A', lastName: 'B', phone: '12345678901234' }, 'phone', 'Please enter a valid phone number'],
    [{ firstName: 'A', lastName: 'B', phone: 'Tel 07701234567' }, 'phone', 'Please enter a valid phone number'],
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

  it.each([
    ['0750 123 4567', '+9647501234567'],
    ['+964 750 123 4567', '+9647501234567'],
    ['00964 750-123-4567', '+9647501234567'],
    ['٠٧٥٠ ١٢٣ ٤٥٦٧', '+9647501234567'],
    ['+964 7701234599', '+9647701234599'],
    ['07701234597', '+9647701234597'],
    ['066 222 3344', '+964662223344'],
    ['+1-202-555-0123', '+12025550123'],
  ])('accepts the phone %j and keeps it as %s', async (typed, canonical) => {
    const res = await t.post('/api/customers', { firstName: 'P', lastName: 'Q', phone: typed }, { token: t.tokens.admin });
    expect(res.status).toBe(201);
    expect(res.body.phone).toBe(canonical);
    const [row] = await t.dataSource().query(`SELECT phone FROM customers WHERE id = $1`, [res.body._id]);
    expect(row.phone).toBe(canonical);
    // The same number is written several ways above: free it for the next.
    expect((await t.delete(`/api/customers/${res.body._id}`, { token: t.tokens.admin })).status).toBe(200);
  });

  it('refuses a second live customer with the same number written another way (409), naming the first, and frees it on delete', async () => {
    const first = await createCustomer(t, { firstName: 'Lana', lastName: 'Jalal', phone: '07701112233' });
    const before = await count();
    const dup = await t.post('/api/customers', { firstName: 'X', lastName: 'Y', phone: '+964 7701112233' }, { token: t.tokens.admin });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('CONFLICT');
    expect(dup.body.errors.phone.message).toBe('A customer with this phone number already exists: Lana Jalal');
    expect(dup.body.existing).toEqual({ id: first._id, name: 'Lana Jalal' });
    expect(await count()).toBe(before);
    const ku = await t.post(
      '/api/customers',
      { firstName: 'X', lastName: 'Y', phone: '0770 111 2233' },
      { token: t.tokens.admin, headers: { 'accept-language': 'ku' } },
    );
    expect(ku.status).toBe(409);
    expect(ku.body.errors.phone.message).toBe('کڕیارێک بەم ژمارە تەلەفۆنەوە پێشتر هەیە: Lana Jalal');
    expect(ku.body.existing.id).toBe(first._id);

    // Changing another customer's phone to it is refused the same way; the customer keeps its own.
    const other = await createCustomer(t);
    const moved = await t.put(`/api/customers/${other._id}`, { phone: '00964 770 111 2233' }, { token: t.tokens.admin });
    expect(moved.status).toBe(409);
    expect(moved.body.existing).toEqual({ id: first._id, name: 'Lana Jalal' });
    expect((await t.get(`/api/customers/${other._id}`, { token: t.tokens.admin })).body.phone).toBe(other.phone);
    // Its own number, written another way, is no clash.
    const same = await t.put(`/api/customers/${first._id}`, { phone: '0770-111-2233' }, { token: t.tokens.admin });
    expect(same.status).toBe(200);
    expect(same.body.phone).toBe('+9647701112233');

    expect((await t.delete(`/api/customers/${first._id}`, { token: t.tokens.admin })).status).toBe(200);
    const again = await t.post('/api/customers', { firstName: 'X', lastName: 'Y', phone: '+964 7701112233' }, { token: t.tokens.admin });
    expect(again.status).toBe(201);
    await t.delete(`/api/customers/${again.body._id}`, { token: t.tokens.admin });
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

  it.each([
    ['0770', true],
    ['770', true],
    ['+964770', true],
    ['0770 111', true],
    ['+964 770 111 2233', true],
    ['07701112233', true],
    ['٠٧٧٠ ١١١', true],
    ['0771', false],
    ['0770 112', false],
    ['+964771', false],
  ])('search %p finds the customer whose phone was typed 0770 111 2233: %p', async (search, found) => {
    const e = await createCustomer(t, { firstName: 'Sozan', lastName: 'Hama', phone: '0770 111 2233' });
    try {
      const res = await t.get(`/api/customers?search=${encodeURIComponent(search)}`, { token: t.tokens.admin });
      expect(res.status).toBe(200);
      expect(res.body.map((x: any) => x._id).includes(e._id)).toBe(found);
    } finally {
      await t.delete(`/api/customers/${e._id}`, { token: t.tokens.admin });
    }
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

describe('phones kept before they were kept in one form', () => {
  it('are rewritten as E.164 where they read as a number; the rest, and a number another customer holds, stay as typed', async () => {
    const ds = t.dataSource();
    const insert = async (phone: string, deleted = false) =>
      (
        await ds.query(`INSERT INTO customers (first_name, last_name, phone, deleted_at) VALUES ('Old', 'Row', $1, $2) RETURNING id`, [
          phone,
          deleted ? new Date() : null,
        ])
      )[0].id as string;
    const local = await insert('0751 222 3344');
    const clash = await insert('+964 7512223344'); // the same number, already in the canonical digits
    const international = await insert('+964 752-222-3344');
    const unreadable = await insert('12345678901234');
    const gone = await insert('0751 222 3344', true);
    const runner = ds.createQueryRunner();
    try {
      await new CanonicalPhones1797300000400().up(runner);
    } finally {
      await runner.release();
    }
    const phones = Object.fromEntries(
      (await ds.query(`SELECT id, phone FROM customers WHERE id = ANY($1)`, [[local, clash, international, unreadable, gone]])).map(
        (r: { id: string; phone: string }) => [r.id, r.phone],
      ),
    );
    expect(phones).toEqual({
      [local]: '0751 222 3344',
      [clash]: '+9647512223344',
      [international]: '+9647522223344',
      [unreadable]: '12345678901234',
      [gone]: '+9647512223344',
    });
    // Found by a local fragment either way.
    const found = await t.get('/api/customers?search=0751 222', { token: t.tokens.admin });
    expect(found.body.map((x: any) => x._id).sort()).toEqual([local, clash].sort());
  });
});
