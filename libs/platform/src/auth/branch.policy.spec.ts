import { requestBranch, viewScope } from './branch.policy.js';

const cashier = (homeBranch: string | null, branches: string[] | null) => ({ role: 'cashier' as const, homeBranch, branches });
const admin = { role: 'admin' as const, homeBranch: null, branches: null };

describe('the branch of a request', () => {
  it.each([
    // [user, header, trusted, answer]
    [cashier(null, null), undefined, false, 'main'], // a single shop, as before
    [cashier(null, null), 'main', false, 'main'],
    [cashier(null, null), 'b', false, 'refused'],
    [cashier('b', ['a', 'b']), undefined, false, 'b'],
    [cashier('b', ['a', 'b']), 'a', false, 'a'],
    [cashier('b', ['a', 'b']), ' a ', false, 'a'],
    [cashier('b', ['a', 'b']), 'c', false, 'refused'],
    [cashier('b', ['a', 'b']), 'main', false, 'refused'],
    [cashier('b', null), 'b', false, 'b'],
    [cashier('b', null), 'main', false, 'refused'],
    [cashier('b', ['a', 'b']), '', false, 'b'],
    [cashier('b', ['a', 'b']), 'a/../b', false, 'refused'],
    [admin, undefined, false, 'main'],
    [admin, 'c', false, 'c'],
    [null, 'c', false, 'main'], // a stranger's header is not believed
    [null, 'c', true, 'c'], // the gateway's is
    [null, undefined, true, 'main'],
  ] as const)('%o asking for %p (trusted %p) -> %s', (user, header, trusted, answer) => {
    const decision = requestBranch(user, header, 'main', trusted);
    expect('refused' in decision ? 'refused' : decision.branchId).toBe(answer);
  });
});

describe('the branches a view reads (?branch=)', () => {
  const manager = { role: 'manager' as const, homeBranch: 'a', branches: ['a', 'b'] };
  it.each([
    // [user, ?branch=, answer]
    [admin, undefined, null], // the chain
    [admin, 'all', null],
    [admin, 'c', ['c']],
    [manager, undefined, ['a', 'b']], // the sum of their branches
    [manager, 'all', ['a', 'b']],
    [manager, 'b', ['b']],
    [manager, 'c', 'refused'],
    [cashier(null, null), undefined, ['main']], // a single shop: its one branch, as before
    [cashier(null, null), 'main', ['main']],
    [cashier(null, null), 'b', 'refused'],
    [admin, "b' OR 1=1", 'refused'],
    [null, undefined, null], // a trusted internal call
  ] as const)('%j asking %s reads %j', (user, requested, answer) => {
    const scope = viewScope(user, requested, 'main');
    expect('refused' in scope ? 'refused' : scope.branches).toEqual(answer);
  });
});
