/**
 * Invoice numbers: 'INV-', the register's number (3 digits, more from the 1,000th register on), its sale counter (7 digits). The server assigns the
 * next one, or a till takes one from a block reserved for its register in advance (sales made offline).
 */
export function invoiceNumberOf(registerNo: number, sequence: number): string {
  return `INV-${String(registerNo).padStart(3, '0')}${String(sequence).padStart(7, '0')}`;
}

export function parseInvoiceNumber(invoiceNumber: string): { registerNo: number; sequence: number } | null {
  // A register's number has three digits or more (no ceiling on how many registers a chain has); the sequence, seven.
  const m = /^INV-(\d{3,})(\d{7})$/.exec(invoiceNumber);
  return m ? { registerNo: Number(m[1]), sequence: Number(m[2]) } : null;
}

/** How far back another device's block for the same register counts as that register being shared. */
export const SHARED_REGISTER_DAYS = 7;

/** POST /api/transactions/invoice-blocks: the first and last number of the block, inclusive. */
export interface InvoiceBlockDto {
  register: string;
  first: string;
  last: string;
  size: number;
  /**
   * Other devices that reserved numbers for this register in this branch in the last SHARED_REGISTER_DAYS days
   * (0 when the request named no device): two tills on one register interleave its numbers.
   */
  otherDevices: number;
}
