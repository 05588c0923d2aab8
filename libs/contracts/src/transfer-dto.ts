// Answers of a chain's per-branch prices and stock transfers (catalog, issue 17).
import type { TransferState } from './events.js';

/** GET /api/products/:id/branch-prices: the branches where the product has a price of its own. */
export interface BranchPriceDto {
  branchId: string;
  price: number; // USD
  version: number;
  updatedAt: string;
}

export interface TransferLineDto {
  productId: string;
  sku: string;
  name: { en: string; ku: string };
  sent: number;
  received: number | null; // null while in transit
  unitCost: number; // the sending branch's average cost when sent, USD
}

/** GET /api/products/transfers (newest first), POST answers. */
export interface TransferDto {
  _id: string;
  number: string; // 'TR-' and digits
  fromBranch: string;
  toBranch: string;
  state: TransferState;
  lines: TransferLineDto[];
  note: string | null;
  receiveNote: string | null;
  sentBy: string | null;
  receivedBy: string | null;
  cancelledBy: string | null;
  sentAt: string;
  receivedAt: string | null;
  cancelledAt: string | null; // cancelled while in transit: the units went back to the sending branch
}

export const TRANSFER_STATES: readonly TransferState[] = ['in_transit', 'received', 'short', 'cancelled'];
/** At most this many lines in one transfer. */
export const MAX_TRANSFER_LINES = 200;
