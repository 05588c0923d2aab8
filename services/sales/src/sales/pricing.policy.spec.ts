import { refundPoints, refundShareCents } from './pricing.policy.js';

describe('partial refunds never drift', () => {
  it('refunding a line one unit at a time returns exactly its net amount', () => {
    let refundedCents = 0;
    for (let done = 0; done < 3; done++) refundedCents += refundShareCents(1000, 3, done, 1, refundedCents);
    expect(refundedCents).toBe(1000);
  });

  it.each([
    [100, 2559, [1000, 1000, 559], [39, 39, 22]],
    [7, 10, [3, 3, 4], [2, 2, 3]],
  ])('%i points over refunds of %i in parts %o -> %o', (points, total, parts, expected) => {
    let before = 0;
    const got = parts.map((p) => {
      const r = refundPoints(points, before, before + p, total);
      before += p;
      return r;
    });
    expect(got).toEqual(expected);
    expect(got.reduce((a, b) => a + b, 0)).toBe(points);
  });
});
