// A stand-in API for trying the built frontend without the backend: `node scripts/mock-api.mjs [port] [products]`.
// Development aid only; the browser tests in e2e/till run against the real all-in-one app.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const port = Number(process.argv[2] ?? 5173);
const productCount = Number(process.argv[3] ?? 200);
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const types = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml' };

const categories = [
  { _id: 'c1', name: { en: 'Drinks', ku: 'خواردنەوە' }, parent: null, active: true },
  { _id: 'c2', name: { en: 'Food', ku: 'خواردن' }, parent: null, active: true },
  { _id: 'c3', name: { en: 'Rice', ku: 'برنج' }, parent: 'c2', active: true },
  { _id: 'c4', name: { en: 'Household', ku: 'پێداویستی ماڵ' }, parent: null, active: true },
];
const words = [
  ['Tea', 'چا'],
  ['Rice', 'برنج'],
  ['Sugar', 'شەکر'],
  ['Soap', 'سابوون'],
  ['Juice', 'شەربەت'],
  ['Bread', 'نان'],
  ['Oil', 'ڕۆن'],
];
const products = Array.from({ length: productCount }, (_, i) => {
  const [en, ku] = words[i % words.length];
  return {
    _id: `p${i}`,
    sku: `SKU-${String(i).padStart(5, '0')}`,
    barcode: String(6290000000000 + i),
    name: { en: `${en} ${i}`, ku: `${ku} ${i}` },
    price: Math.round((1 + (i % 40) * 0.75) * 100) / 100,
    discount: i % 9 === 0 ? 10 : 0,
    quantity: i % 17,
    categoryId: categories[i % categories.length]._id,
    imageUrl: null,
  };
});
const user = {
  _id: 'u1',
  username: 'admin',
  firstName: 'Aram',
  lastName: 'Karim',
  name: 'Aram Karim',
  role: process.env.MOCK_ROLE ?? 'admin',
  languagePreference: 'en',
  permissions: null,
};
const customers = [
  {
    _id: 'k1',
    firstName: 'Shilan',
    lastName: 'Aziz',
    fullName: 'Shilan Aziz',
    phone: '07501234567',
    email: 'shilan@example.com',
    loyaltyPoints: 250,
  },
  { _id: 'k2', firstName: 'Dilan', lastName: 'Omar', fullName: 'Dilan Omar', phone: '07709876543', loyaltyPoints: 0 },
];
let invoice = 1000;

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
async function body(req) {
  let s = '';
  for await (const c of req) s += c;
  return s ? JSON.parse(s) : {};
}

createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x');
  const p = url.pathname;
  if (p.startsWith('/api/')) {
    if (p === '/api/auth/login') {
      const b = await body(req);
      if (b.password !== 'secret')
        return send(res, 401, {
          success: false,
          error: 'Invalid username or password',
          message: 'Invalid username or password',
          code: 'INVALID_CREDENTIALS',
        });
      return send(res, 200, { success: true, token: 'mock', data: user, message: 'ok' });
    }
    if (!req.headers.authorization)
      return send(res, 401, {
        success: false,
        message: 'Authentication required',
        error: 'Authentication required',
        code: 'UNAUTHENTICATED',
      });
    if (p === '/api/auth/me') return send(res, 200, { success: true, data: user });
    if (p === '/api/auth/logout' || p === '/api/auth/me/preferences') return send(res, 200, { success: true });
    if (p === '/api/products') return send(res, 200, products);
    if (p === '/api/categories') return send(res, 200, categories);
    if (p === '/api/settings/exchange-rate') return send(res, 200, { success: true, data: { exchangeRate: 1450, isUserSpecific: false } });
    if (p === '/api/loyalty/settings') return send(res, 200, { success: true, data: { enabled: true, redemptionRate: 0.01 } });
    if (p === '/api/customers' && req.method === 'GET') {
      const q = (url.searchParams.get('search') ?? '').toLowerCase();
      return send(
        res,
        200,
        customers.filter((c) => JSON.stringify(c).toLowerCase().includes(q)),
      );
    }
    if (p === '/api/customers') {
      const c = { _id: `k${customers.length + 1}`, ...(await body(req)), loyaltyPoints: 0 };
      customers.push(c);
      return send(res, 201, c);
    }
    if (p === '/api/transactions/redeem') {
      const b = await body(req);
      return send(res, 200, { success: true, data: { pointsRedeemed: b.points, monetaryValue: b.points / 100 } });
    }
    if (p === '/api/transactions') {
      const b = await body(req);
      return send(res, 201, {
        _id: `t${invoice}`,
        invoiceNumber: `INV-${++invoice}`,
        createdAt: new Date().toISOString(),
        paymentDetails: b.paymentDetails,
        loyaltyPointsAwarded: Math.floor(b.total),
      });
    }
    if (p === '/api/dashboard') {
      return send(res, 200, {
        success: true,
        data: {
          todaySales: 1234.5,
          totalProducts: productCount,
          lowStock: 12,
          activeUsers: 3,
          salesTrend: 'up',
          salesPercent: 12.5,
          productsTrend: 'up',
          productsPercent: 2,
          lowStockTrend: 'down',
          lowStockPercent: 4,
          usersTrend: 'up',
          usersPercent: 0,
          recentTransactions: [
            { id: 't1', date: new Date().toISOString(), amount: 25.5, status: 'Completed' },
            { id: 't2', date: new Date().toISOString(), amount: 9, status: 'Pending' },
          ],
        },
      });
    }
    return send(res, 404, { success: false, message: 'Not found', error: 'Not found', code: 'ROUTE_NOT_FOUND' });
  }
  const file = p !== '/' && extname(p) ? join(dist, p) : join(dist, 'index.html');
  try {
    const data = await readFile(file);
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    res.end(data);
  } catch {
    res.writeHead(404).end();
  }
}).listen(port, () => console.log(`mock api on http://localhost:${port} with ${productCount} products`));
