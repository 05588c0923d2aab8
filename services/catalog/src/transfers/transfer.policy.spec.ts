import { cancelOutcome, isValidTransferKey, receiveOutcome, receivedCounts, receivedState, sendRefusals } from './transfer.policy.js';

const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';

describe('sendRefusals', () => {
  const onHand = new Map([
    [P1, 10],
    [P2, 3],
  ]);
  it.each([
    [
      'a transfer to another branch within stock',
      'b',
      [
        { product: P1, quantity: 10 },
        { product: P2, quantity: 1 },
      ],
      {},
    ],
    ['a transfer to the sending branch', 'a', [{ product: P1, quantity: 1 }], { toBranch: { key: 'transfers.sameBranch' } }],
    [
      'a product twice',
      'b',
      [
        { product: P1, quantity: 1 },
        { product: P1, quantity: 2 },
      ],
      { 'lines.1.product': { key: 'transfers.productTwice' } },
    ],
    [
      'more than the branch holds',
      'b',
      [{ product: P2, quantity: 4 }],
      { 'lines.0.quantity': { key: 'transfers.notEnoughStock', params: { quantity: 3 } } },
    ],
    [
      'a product the branch has none of',
      'b',
      [{ product: '33333333-3333-4333-8333-333333333333', quantity: 1 }],
      { 'lines.0.quantity': { key: 'transfers.notEnoughStock', params: { quantity: 0 } } },
    ],
  ])('%s', (_name, to, lines, expected) => {
    expect(sendRefusals('a', to, lines, onHand)).toEqual(expected);
  });
});

describe('receivedCounts', () => {
  const sent = [
    { productId: P1, sent: 5 },
    { productId: P2, sent: 2 },
  ];
  const mismatch = { errors: { lines: { key: 'transfers.linesMismatch' } } };
  it.each([
    ['no counts: all of it arrived', undefined, { counts: [5, 2] }],
    [
      'counts in another order',
      [
        { product: P2, quantity: 1 },
        { product: P1, quantity: 5 },
      ],
      { counts: [5, 1] },
    ],
    [
      'none of a line arrived',
      [
        { product: P1, quantity: 0 },
        { product: P2, quantity: 2 },
      ],
      { counts: [0, 2] },
    ],
    ['a line left out', [{ product: P1, quantity: 5 }], mismatch],
    [
      'a product not sent',
      [
        { product: P1, quantity: 5 },
        { product: '33333333-3333-4333-8333-333333333333', quantity: 2 },
      ],
      mismatch,
    ],
    [
      'a product counted twice',
      [
        { product: P1, quantity: 5 },
        { product: P1, quantity: 2 },
      ],
      mismatch,
    ],
    [
      'more than was sent',
      [
        { product: P1, quantity: 6 },
        { product: P2, quantity: 2 },
      ],
      { errors: { 'lines.0.quantity': { key: 'transfers.receivedTooMany', params: { sent: 5 } } } },
    ],
  ])('%s', (_name, given, expected) => {
    expect(receivedCounts(sent, given)).toEqual(expected);
  });
});

describe('receivedState', () => {
  it.each([
    [[5, 2], [5, 2], 'received'],
    [[5, 2], [5, 1], 'short'],
    [[5], [0], 'short'],
  ])('sent %j, received %j: %s', (sent, received, expected) => {
    expect(receivedState(sent, received)).toBe(expected);
  });
});

describe('isValidTransferKey', () => {
  it.each([
    ['9b2f0c1e-2a4b-4c1d-9e8f-0a1b2c3d4e5f', true],
    ['', false],
    ['has space', false],
    ['x'.repeat(201), false],
  ])('%s: %s', (key, expected) => {
    expect(isValidTransferKey(key)).toBe(expected);
  });
});

describe('cancelOutcome', () => {
  it.each([
    ['in_transit', 'cancel'],
    ['cancelled', 'replay'],
    ['received', { refuse: 'transfers.cancelNotInTransit' }],
    ['short', { refuse: 'transfers.cancelNotInTransit' }],
  ] as const)('%s: %j', (state, expected) => {
    expect(cancelOutcome(state)).toEqual(expected);
  });
});

describe('receiveOutcome', () => {
  it.each([
    ['in transit', 'in_transit', [null, null], [5, 2], 'receive'],
    ['received with the same counts', 'short', [5, 1], [5, 1], 'replay'],
    ['received with other counts', 'received', [5, 2], [5, 1], { refuse: 'transfers.receivedDiffers' }],
    ['cancelled, whatever the counts', 'cancelled', [null, null], [5, 2], { refuse: 'transfers.receiveCancelled' }],
  ] as const)('%s', (_name, state, received, counts, expected) => {
    expect(receiveOutcome(state, received, counts)).toEqual(expected);
  });
});
