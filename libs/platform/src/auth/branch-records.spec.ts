import { DomainError } from '../errors/domain-error.js';
import { mayReachRecord, recordInCallerBranch } from './branch-records.js';

const cashierOfB = {
  user: {
    id: 'u',
    username: 'b',
    role: 'cashier' as const,
    permissions: null,
    tokenVersion: 1,
    languagePreference: 'en' as const,
    branches: ['b'],
  },
  branchId: 'b',
  callerBranches: ['b'],
};
const managerOfMainAndB = {
  ...cashierOfB,
  user: { ...cashierOfB.user, role: 'manager' as const, branches: ['main', 'b'] },
  branchId: 'main',
  callerBranches: ['main', 'b'],
};
const admin = { ...cashierOfB, user: { ...cashierOfB.user, role: 'admin' as const }, branchId: 'main', callerBranches: null };

describe('records of a branch', () => {
  it("a user reaches a record of a branch they work in, an admin any, nobody another branch's", () => {
    expect(mayReachRecord(cashierOfB, ['b'])).toBe(true);
    expect(mayReachRecord(cashierOfB, ['main'])).toBe(false);
    expect(mayReachRecord(managerOfMainAndB, ['b'])).toBe(true);
    expect(mayReachRecord(admin, ['c'])).toBe(true);
    // A transfer belongs to both its branches.
    expect(mayReachRecord(cashierOfB, ['main', 'b'])).toBe(true);
    expect(mayReachRecord(cashierOfB, ['main', 'c'])).toBe(false);
  });

  it("a branch's own books are reached from that branch only, whoever asks", () => {
    expect(mayReachRecord(managerOfMainAndB, ['b'], 'acting')).toBe(false);
    expect(mayReachRecord(admin, ['c'], 'acting')).toBe(false);
    expect(mayReachRecord({ user: null, branchId: 'main', callerBranches: null }, ['c'], 'acting')).toBe(false);
  });

  it("a context without the caller's branches reaches only its acting branch (deny by default)", () => {
    expect(mayReachRecord({ user: cashierOfB.user, branchId: 'b' }, ['main'])).toBe(false);
  });

  it('another branch\'s record is "not found", as an id that exists nowhere', () => {
    const refusal = (row: { branch_id: string } | undefined) => {
      try {
        recordInCallerBranch(cashierOfB, row, (r) => r.branch_id, 'entities.transaction');
        return null;
      } catch (e) {
        return e instanceof DomainError ? [e.code, e.messageKey, e.params] : e;
      }
    };
    expect(refusal({ branch_id: 'main' })).toEqual(refusal(undefined));
    expect(refusal({ branch_id: 'main' })).toEqual(['NOT_FOUND', 'errors.notFound', { entity: 'entities.transaction' }]);
    expect(refusal({ branch_id: 'b' })).toBeNull();
  });
});
