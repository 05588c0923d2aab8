import { mayPriceBranch } from './branch-price.policy.js';

describe('mayPriceBranch', () => {
  const admin = { role: 'admin' as const, homeBranch: null, branches: null };
  const managerAB = { role: 'manager' as const, homeBranch: 'a', branches: ['a', 'b'] };
  const plain = { role: 'manager' as const, homeBranch: null, branches: null };
  it.each([
    ['admin, any branch', admin, 'c', true],
    ['manager, a branch of theirs', managerAB, 'b', true],
    ['manager, a branch not theirs', managerAB, 'c', false],
    ['single-shop manager, main', plain, 'main', true],
    ['single-shop manager, another branch', plain, 'b', false],
    ['admin, a malformed code', admin, 'a b', false],
    ['admin, an empty code', admin, '', false],
    ['no user', null, 'main', false],
  ])('%s', (_name, user, branch, expected) => {
    expect(mayPriceBranch(user, branch as string, 'main')).toBe(expected);
  });
});
