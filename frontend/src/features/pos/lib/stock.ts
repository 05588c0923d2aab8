import { stockBadgeColour, type StockBadgeColour } from '@dukan/contracts';

export type StockColour = StockBadgeColour;

/** Stock badge colour (spec part 1 §2): above 10 green, 6 to 10 amber, 5 or less red. */
export const stockColour: (quantity: number) => StockColour = stockBadgeColour;
