import { countNotes, differencesOverLimit, DRAWER_NOTES, drawerDifference } from './shifts.js';

describe('counting the drawer', () => {
  it('adds up notes in their own minor unit: dinars whole, dollars in cents', () => {
    expect(countNotes({ 250: 3, 1000: 2, 50000: 1 })).toBe(52_750);
    expect(countNotes({ 100: 4, 2000: 1, 10000: 2 })).toBe(22_400);
    // A blank or impossible count counts as none.
    expect(countNotes({ 5000: undefined, 500: -2, 1000: 1.5 })).toBe(0);
  });

  it('offers the notes in use: 250 to 50,000 dinars, 1 to 100 dollars', () => {
    expect(DRAWER_NOTES.IQD).toEqual([250, 500, 1000, 5000, 10000, 25000, 50000]);
    expect(DRAWER_NOTES.USD.map((c) => c / 100)).toEqual([1, 5, 10, 20, 50, 100]);
  });
});

describe('the difference at the close', () => {
  it('is counted less expected, per currency, and needs approval only beyond the limit either way', () => {
    const difference = drawerDifference({ USD: 9_950, IQD: 251_000 }, { USD: 10_000, IQD: 250_000 });
    expect(difference).toEqual({ USD: -50, IQD: 1000 });
    expect(differencesOverLimit(difference, { USD: 100, IQD: 1000 })).toEqual([]);
    expect(differencesOverLimit(difference, { USD: 49, IQD: 1000 })).toEqual(['USD']);
    expect(differencesOverLimit({ USD: 0, IQD: -1001 }, { USD: 100, IQD: 1000 })).toEqual(['IQD']);
  });
});
