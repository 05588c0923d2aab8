import type { SaleRequest } from '@dukan/contracts';

/**
 * A sale made while the server could not be reached: sent later, in order (`seq`), with its own Idempotency-Key
 * (`key`), so it is stored once however often it is sent. A sale the server refuses stays, with the reason, until a
 * manager resolves it.
 */
export interface QueuedSale {
  key: string;
  seq: number;
  /** The branch the till worked in (sent as X-Dukan-Branch), null for the user's home branch. */
  branch: string | null;
  /** Who made it: it is sent while that user is signed in on this till, so the sale is theirs. */
  cashierId?: string;
  invoiceNumber: string;
  /** As sent: with the reserved number, and when it was made (the server records it then). */
  body: SaleRequest;
  createdAt: string;
  state: 'queued' | 'refused';
  /** The server's reason, in the language the till was in when it was refused. */
  reason?: string;
  code?: string;
}
