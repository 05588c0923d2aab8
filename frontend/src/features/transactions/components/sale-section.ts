import type { SaleDto } from '@dukan/contracts';
import type { Formatters } from '../../../i18n/format.js';
import { dollarsToCents } from '../../../lib/money.js';

/** What each section of the sale's page is given: the sale and the screen's formatters. */
export interface SaleSectionProps {
  sale: SaleDto;
  f: Formatters;
}

/** Dollars as the API sends them, formatted. */
export const usd = (f: Formatters, dollars: number) => f.usd(dollarsToCents(dollars));
