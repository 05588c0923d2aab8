import { backOfficeSteps } from './compat/back-office-steps.js';
import { catalogueSteps } from './compat/catalogue-steps.js';
import { saleSteps } from './compat/sale-steps.js';
import { SHAPES, shopDay } from './compat/shop-day.js';

// A shop day as a client written to the specification makes it: the calls of spec part 1 §7 and part 2 §7,
// with the payloads those sections describe and nothing of our own frontend's, each answer checked for the fields
// the spec says the client reads. If this file needs changing, a client in the field breaks.
// One day, in order (each step builds on the ones before); its stages are in ./compat.

describe.each(SHAPES)('a shop day through the spec’s calls (%s)', (_shape, start) => {
  const s = shopDay(start);
  catalogueSteps(s);
  saleSteps(s);
  backOfficeSteps(s);
});
