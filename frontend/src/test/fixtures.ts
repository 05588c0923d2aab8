/**
 * What the fake API in tests answers, built from the DTOs the real server's answers are declared with
 * (libs/contracts), so a test cannot hand the screens a shape the server never sends.
 */
import {
  effectivePermissions,
  type ApiSuccess,
  type AuthUserDto,
  type BranchDto,
  type CategoryDto,
  type CategoryTreeNodeDto,
  type CustomerDto,
  type ErrorBody,
  type ErrorCode,
  type ExpenseDto,
  type ExpenseListDto,
  type GeneralSettingsDto,
  type LoyaltySettingsDto,
  type Paginated,
  type ProductDto,
  type RedemptionQuoteDto,
  type SaleDto,
  type TillProductDto,
} from '@dukan/contracts';
import type { SignedInUser } from '../features/auth/types.js';

const AT = '2026-01-01T10:00:00.000Z';

/** `{ success: true, data }`, the envelope of the calls whose clients read `data`. */
export function ok<T>(data: T): { body: ApiSuccess<T> } {
  return { body: { success: true, data } };
}

/** A refusal as the server's error filter answers it: `message` and `error` the same text, field messages under `errors`. */
export function refusal(
  status: number,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): { status: number; body: ErrorBody } {
  const errors = fields && Object.fromEntries(Object.entries(fields).map(([field, text]) => [field, { message: text }]));
  return { status, body: { success: false, error: message, message, code, ...(errors ? { errors } : {}) } };
}

/** `{ data, pagination }` of a paginated list, one page holding `data` unless told otherwise. */
export function paged<T>(data: T[], over: Partial<Paginated<T>['pagination']> = {}): { body: Paginated<T> } {
  return { body: { data, pagination: { total: data.length, page: 1, limit: 20, pages: data.length ? 1 : 0, ...over } } };
}

/** A paginated list whose clients also read `success` (the users' list). */
export function okPaged<T>(data: T[], over: Partial<Paginated<T>['pagination']> = {}): { body: ApiSuccess<T[]> & Paginated<T> } {
  return { body: { success: true, ...paged(data, over).body } };
}

export function tillProduct(over: Partial<TillProductDto> & Pick<TillProductDto, '_id' | 'sku'>): TillProductDto {
  return {
    barcode: null,
    name: { en: over.sku, ku: '' },
    price: 1,
    priceCurrency: 'USD',
    priceIqd: null,
    discount: 0,
    quantity: 0,
    categoryId: null,
    imageUrl: null,
    ...over,
  };
}

export function category(over: Partial<CategoryDto> & Pick<CategoryDto, '_id' | 'name'>): CategoryDto {
  return { parent: null, image: null, active: true, productCount: 0, version: 1, createdAt: AT, updatedAt: AT, ...over };
}

export function categoryNode(over: Partial<CategoryTreeNodeDto> & Pick<CategoryTreeNodeDto, '_id' | 'name'>): CategoryTreeNodeDto {
  return { ...category(over), children: [], ...over };
}

export function product(over: Partial<ProductDto> & Pick<ProductDto, '_id' | 'sku'>): ProductDto {
  return {
    barcode: null,
    name: { en: over.sku, ku: '' },
    description: { en: '', ku: '' },
    category: null,
    categoryId: null,
    price: 1,
    priceCurrency: 'USD',
    priceIqd: null,
    cost: 0,
    quantity: 0,
    reorderLevel: 10,
    stockStatus: 'out',
    active: true,
    discount: 0,
    images: [],
    imageUrl: null,
    version: 1,
    createdAt: AT,
    updatedAt: AT,
    ...over,
  };
}

export function customer(over: Partial<CustomerDto> & Pick<CustomerDto, '_id' | 'firstName' | 'lastName'>): CustomerDto {
  return {
    fullName: `${over.firstName} ${over.lastName}`,
    phone: '07500000000',
    email: null,
    address: { street: null, city: null, state: null, zipCode: null, country: 'Iraq' },
    languagePreference: 'en',
    loyaltyPoints: 0,
    lifetimePoints: 0,
    loyaltyStatus: 'standard',
    totalSpent: 0,
    purchaseCount: 0,
    lastPurchase: null,
    memberSince: AT,
    createdAt: AT,
    updatedAt: AT,
    ...over,
  };
}

export function loyaltySettings(over: Partial<LoyaltySettingsDto> = {}): LoyaltySettingsDto {
  return {
    enabled: true,
    pointsPerDollar: 1,
    redemptionRate: 0.01,
    minimumPoints: 0,
    minimumRedemption: 1,
    maximumRedemptionValue: 0,
    statusTiers: { silver: 500, gold: 1000, platinum: 5000 },
    statusMultipliers: { standard: 1, silver: 1.25, gold: 1.5, platinum: 2 },
    tiers: [],
    ...over,
  };
}

export function redemptionQuote(points: number, pointValue: number): RedemptionQuoteDto {
  return { pointsRedeemed: points, monetaryValue: points * pointValue };
}

/** A completed cash sale; the figures the till sent are what a test passes in. */
export function sale(over: Partial<SaleDto> & Pick<SaleDto, '_id' | 'invoiceNumber'>): SaleDto {
  return {
    createdAt: AT,
    transactionDate: over.createdAt ?? AT,
    branchId: 'main',
    register: 'main',
    status: 'completed',
    paymentStatus: 'paid',
    paymentStatusLabel: 'Completed',
    paymentMethod: 'cash',
    paymentDetails: { amountTendered: 0, change: 0 },
    tenders: [],
    change: null,
    currency: 'USD',
    exchangeRate: 1500,
    items: [],
    subtotal: 0,
    discountType: null,
    discountValue: null,
    discountAmount: 0,
    loyaltyDiscount: 0,
    loyaltyPointsRedeemed: 0,
    loyaltyPointsAwarded: 0,
    taxRate: 0,
    taxMode: 'included',
    taxAmount: 0,
    total: 0,
    amountsInCurrency: {
      currency: 'USD',
      subtotal: 0,
      discountAmount: 0,
      loyaltyDiscount: 0,
      taxAmount: 0,
      total: 0,
      amountTendered: 0,
      change: 0,
      cashRounding: 0,
      refunded: 0,
    },
    refunded: false,
    refundState: 'none',
    refundedAmount: 0,
    refunds: [],
    voided: null,
    customerId: null,
    customer: null,
    cashier: { _id: 'u1', username: 'sara', firstName: 'Sara', lastName: 'Ali' },
    ...over,
  };
}

/** GET /api/auth/me for a user of the app's own shape (a test's `user()`): the server's whole user. */
export function me(u: SignedInUser): { body: ApiSuccess<AuthUserDto> } {
  const { name: _name, email, languagePreference, effectivePermissions: _effective, ...rest } = u;
  return ok(staffUser({ ...rest, ...(email ? { email } : {}), languagePreference: languagePreference ?? 'en' }));
}

/** A staff member as the users' list and detail answer them; effective permissions follow role and overrides. */
export function staffUser(over: Partial<AuthUserDto> & Pick<AuthUserDto, '_id' | 'username'>): AuthUserDto {
  const base = {
    firstName: over.username,
    lastName: 'Test',
    email: `${over.username}@shop.iq`,
    phone: null,
    role: 'cashier' as const,
    active: true,
    languagePreference: 'en' as const,
    lastLogin: null,
    permissions: null,
    homeBranch: null,
    branches: null,
    createdAt: AT,
    ...over,
  };
  return { name: `${base.firstName} ${base.lastName}`, effectivePermissions: effectivePermissions(base), ...base };
}

export function expense(over: Partial<ExpenseDto> & Pick<ExpenseDto, '_id' | 'expenseNumber' | 'title'>): ExpenseDto {
  return {
    description: null,
    category: 'utilities',
    amount: 10,
    currency: 'USD',
    exchangeRate: 1500,
    amountInBaseCurrency: 10,
    paymentMethod: 'cash',
    paymentDetails: { bankName: null, accountNumber: null, checkNumber: null, cardLast4: null, reference: null },
    vendor: null,
    receipt: null,
    expenseDate: '2026-01-01',
    department: null,
    tags: [],
    recurring: null,
    recurrenceOf: null,
    notes: null,
    status: 'pending',
    rejectionReason: null,
    createdBy: { _id: 'u1', firstName: 'Sara', lastName: 'Ali', username: 'sara' },
    createdAt: AT,
    updatedAt: AT,
    version: 1,
    ...over,
  };
}

/** GET /api/expenses: its own `{expenses, pagination}` shape. */
export function expenseList(expenses: ExpenseDto[], over: Partial<ExpenseListDto['pagination']> = {}): { body: ExpenseListDto } {
  return { body: { expenses, pagination: { current: 1, pages: expenses.length ? 1 : 0, total: expenses.length, limit: 20, ...over } } };
}

export function branch(over: Partial<BranchDto> & Pick<BranchDto, '_id'>): BranchDto {
  return { name: over._id, registers: ['main'], active: true, ...over };
}

/** GET /api/settings/exchange-rate: the rate that applies to the caller. */
export function exchangeRate(
  rate: number,
  isUserSpecific = false,
): { body: ApiSuccess<Pick<GeneralSettingsDto, 'exchangeRate' | 'isUserSpecific'>> } {
  return ok({ exchangeRate: rate, isUserSpecific });
}

export function generalSettings(over: Partial<GeneralSettingsDto> = {}): GeneralSettingsDto {
  return {
    exchangeRate: 1500,
    userExchangeRates: {},
    effectiveExchangeRate: over.exchangeRate ?? 1500,
    isUserSpecific: false,
    storeName: 'Dukan',
    defaultLanguage: 'en',
    timeZone: 'Asia/Baghdad',
    taxRate: 0,
    taxMode: 'included',
    iqdCashRounding: 250,
    changeCurrency: 'IQD',
    sellWithoutShift: true,
    shiftDifferenceLimit: { USD: 100, IQD: 1000 },
    branches: [branch({ _id: 'main', name: 'Main' })],
    updatedAt: null,
    ...over,
  };
}
