import { fromCents, type CustomerDto, type CustomerEventData, type Locale } from '@dukan/contracts';
import type { LoyaltyStatus } from '../loyalty/loyalty.policy.js';

/** A customers row as PostgreSQL returns it (bigint as string). */
export interface CustomerRow {
  id: string;
  first_name: string;
  last_name: string;
  phone: string;
  email: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  country: string;
  language_preference: Locale;
  loyalty_points: number;
  lifetime_points: number;
  status: LoyaltyStatus;
  total_spent_cents: string | number;
  purchase_count: number;
  last_purchase_at: Date | null;
  member_since: Date;
  version: number;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
  // The account (issue 31); absent only on rows read before its migration.
  credit_limit_currency?: 'USD' | 'IQD';
  credit_limit_minor?: string | number;
  owed_usd_cents?: string | number;
  owed_iqd?: string | number;
}

export function toCustomerDto(r: CustomerRow): CustomerDto {
  return {
    _id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    fullName: `${r.first_name} ${r.last_name}`.trim(),
    phone: r.phone,
    email: r.email,
    address: { street: r.street, city: r.city, state: r.state, zipCode: r.zip_code, country: r.country },
    languagePreference: r.language_preference,
    loyaltyPoints: r.loyalty_points,
    lifetimePoints: r.lifetime_points,
    loyaltyStatus: r.status,
    totalSpent: fromCents(Number(r.total_spent_cents)),
    purchaseCount: r.purchase_count,
    lastPurchase: r.last_purchase_at ? new Date(r.last_purchase_at).toISOString() : null,
    memberSince: new Date(r.member_since).toISOString(),
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    accountBalance: { USD: Number(r.owed_usd_cents ?? 0), IQD: Number(r.owed_iqd ?? 0) },
    creditLimit: { currency: r.credit_limit_currency ?? 'USD', amountMinor: Number(r.credit_limit_minor ?? 0) },
  };
}

export function toCustomerEvent(r: CustomerRow): CustomerEventData {
  return {
    customerId: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    phone: r.phone,
    email: r.email,
    languagePreference: r.language_preference,
    loyaltyPoints: r.loyalty_points,
    totalSpentCents: Number(r.total_spent_cents),
    purchaseCount: r.purchase_count,
    memberSince: new Date(r.member_since).toISOString(),
    version: r.version,
  };
}
