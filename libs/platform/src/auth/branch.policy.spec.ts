import { requestBranch } from './branch.policy.js';

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
