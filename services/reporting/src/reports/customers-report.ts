import { LOYALTY_RANGES, type CustomerReportDto } from '@dukan/contracts';
import { one } from '@dukan/platform';
import { DAILY_SERIES_MAX_DAYS, daysBetween, planOf, withoutLess } from './report-range.policy.js';
import { addedPieces, dayText, inBranches, inPeriods, isSingleRead, jsonRows, signed, type ReportScope } from './report-scope.js';
import { TOP_ROWS } from './sales-report.js';

const LOYALTY_CASE = `CASE ${LOYALTY_RANGES.map((r) => `WHEN loyalty_points <= ${Number.isFinite(r.max) ? r.max : 2147483647} THEN '${r.range}'`).join(' ')} END`;
// The shop day a customer joined; $3 is the shop's time zone.
const JOINED = `(member_since AT TIME ZONE $3)::date`;

interface Row {
  freq: { active: number; one_time: number; occasional: number; regular: number; frequent: number };
  top: {
    id: string;
    spent: number;
    n: number;
    last: string | null;
    first_name: string | null;
    last_name: string | null;
    points: number | null;
  }[];
  members: { total: number; fresh: number; points: number };
  buckets: { range: string; n: number }[];
  series: { day: string; n: number }[];
}

/** Purchases per customer from the customer rollup; members, points and new members from the customers replica. One statement. */
export async function customersReport(s: ReportScope): Promise<CustomerReportDto> {
  // All time, or more than 92 days: new members per month.
  const monthly = s.start === null || daysBetween(s.start, s.end ?? dayText(new Date())) + 1 > DAILY_SERIES_MAX_DAYS;
  // All time less what lies outside the range only when the range reaches the last day: each customer's latest
  // purchase is then all time's (a latest time cannot be taken off).
  // Anchored: the end's figures only added, so each customer's latest purchase up to the end is among them (and in
  // the range when not before its start).
  const read = s.branches === null ? s.heldBranches : s.heldBranches.filter((b) => s.branches!.includes(b));
  const p = s.periods.terms
    ? planOf(s.start, s.end, s.held.first, s.held.last, s.held.anchors, read, s.branches === null, true)
    : s.periods.less?.toLast
      ? s.periods
      : withoutLess(s.periods);
  const single = isSingleRead({ ...s, periods: p });
  const where = `${inPeriods(p)} AND ${inBranches(s.branches, 'branch_id')}`;
  // One branch's stored period is read as it is (and its biggest spenders in index order); else summed per customer.
  const perCustomer = single
    ? `SELECT customer_id, spent_cents AS spent, purchases AS n, last_purchase_at AS last FROM customer_sales WHERE ${where}`
    : `SELECT customer_id, sum(${signed(p, 'spent_cents')}) AS spent, sum(${signed(p, 'purchases')}) AS n,
              ${
                p.terms
                  ? `CASE WHEN $1::date IS NULL OR (max(last_purchase_at) FILTER (WHERE ${addedPieces(p)}) AT TIME ZONE $3)::date >= $1::date
                          THEN max(last_purchase_at) FILTER (WHERE ${addedPieces(p)}) END`
                  : `max(last_purchase_at) FILTER (WHERE grain = 'a' OR ${p.less ? 'false' : 'true'})`
              } AS last
         FROM customer_sales WHERE ${where} GROUP BY customer_id`;
  const top = single
    ? `SELECT customer_id, spent_cents AS spent, purchases AS n, last_purchase_at AS last FROM customer_sales
        WHERE ${where} AND purchases > 0 ORDER BY spent_cents DESC, customer_id LIMIT ${TOP_ROWS}`
    : `SELECT * FROM c WHERE n > 0 ORDER BY spent DESC, customer_id LIMIT ${TOP_ROWS}`;
  const row = await one<Row>(
    s.m,
    `WITH c AS (${perCustomer})
     SELECT
       (SELECT json_build_object('active', count(*), 'one_time', count(*) FILTER (WHERE n = 1), 'occasional', count(*) FILTER (WHERE n BETWEEN 2 AND 3),
               'regular', count(*) FILTER (WHERE n BETWEEN 4 AND 9), 'frequent', count(*) FILTER (WHERE n >= 10)) FROM c WHERE n > 0) AS freq,
       ${jsonRows(
         `SELECT t.customer_id::text AS id, t.spent, t.n, t.last, k.first_name, k.last_name, k.loyalty_points AS points
                     FROM (${top}) t
                     LEFT JOIN customers k ON k.customer_id = t.customer_id::text`,
         'x.spent DESC, x.id',
       )} AS top,
       (SELECT json_build_object(
                 'total', count(*) FILTER (WHERE $2::date IS NULL OR ${JOINED} <= $2::date),
                 'fresh', count(*) FILTER (WHERE ($1::date IS NULL OR ${JOINED} >= $1::date) AND ($2::date IS NULL OR ${JOINED} <= $2::date)),
                 'points', coalesce(sum(loyalty_points), 0))
          FROM customers WHERE deleted_at IS NULL) AS members,
       ${jsonRows(`SELECT ${LOYALTY_CASE} AS range, count(*) AS n FROM customers WHERE deleted_at IS NULL GROUP BY 1`)} AS buckets,
       ${jsonRows(
         `SELECT date_trunc($4, member_since AT TIME ZONE $3)::date::text AS day, count(*) AS n
                     FROM customers
                    WHERE deleted_at IS NULL AND ($1::date IS NULL OR member_since >= ($1::date::timestamp AT TIME ZONE $3))
                      AND ($2::date IS NULL OR member_since < (($2::date + 1)::timestamp AT TIME ZONE $3))
                    GROUP BY 1`,
         'x.day',
       )} AS series`,
    [s.start, s.end, s.timeZone, monthly ? 'month' : 'day'],
  );
  const freq = row?.freq;
  const counted = new Map((row?.buckets ?? []).map((b) => [b.range, Number(b.n)]));
  return {
    ...s.meta,
    summary: {
      totalCustomers: Number(row?.members.total ?? 0),
      newCustomers: Number(row?.members.fresh ?? 0),
      activeCustomers: Number(freq?.active ?? 0),
      totalLoyaltyPoints: Number(row?.members.points ?? 0),
    },
    purchaseFrequency: {
      oneTime: Number(freq?.one_time ?? 0),
      occasional: Number(freq?.occasional ?? 0),
      regular: Number(freq?.regular ?? 0),
      frequent: Number(freq?.frequent ?? 0),
    },
    loyaltyDistribution: LOYALTY_RANGES.map((r) => ({ range: r.range, count: counted.get(r.range) ?? 0 })),
    newCustomersOverTime: (row?.series ?? []).map((d) => ({ date: d.day, count: Number(d.n) })),
    newCustomersInterval: monthly ? 'month' : 'day',
    topCustomers: (row?.top ?? []).map((c) => {
      const firstName = c.first_name ?? '';
      const lastName = c.last_name ?? '';
      return {
        _id: c.id,
        customerName: `${firstName} ${lastName}`.trim() || c.id,
        firstName,
        lastName,
        totalSpent: s.money(c.spent),
        purchaseCount: Number(c.n),
        loyaltyPoints: c.points ?? 0,
        lastPurchase: c.last ? new Date(c.last).toISOString() : null,
      };
    }),
  };
}
