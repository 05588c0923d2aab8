/** Invoice numbers the server reserved for this register, used one by one while offline. */
export interface InvoiceBlock {
  register: string;
  /** The next number to use and the last of the block. */
  next: number;
  last: number;
}
