import { describe, expect, it } from 'vitest';
import type { BranchDto } from '@dukan/contracts';
import { deviceBranchFits, mayHaveSeveralBranches, pickableBranches, registerFor } from './branches.js';

const b = (id: string, active = true, registers = ['main']): BranchDto => ({ _id: id, name: id.toUpperCase(), registers, active });
const all = [b('main'), b('b'), b('c'), b('old', false)];

describe('branches a user may pick', () => {
  it.each([
    [{ role: 'admin' as const }, ['main', 'b', 'c']],
    [{ role: 'cashier' as const, homeBranch: 'b', branches: ['b', 'c', 'old'] }, ['b', 'c']],
    [{ role: 'cashier' as const, homeBranch: 'b', branches: null }, ['b']],
    [{ role: 'manager' as const, homeBranch: null, branches: null }, []],
  ])('%o -> %p', (user, ids) => {
    expect(pickableBranches(user, all).map((x) => x._id)).toEqual(ids);
  });

  it.each([
    [{ role: 'admin' as const }, true],
    [{ role: 'cashier' as const, branches: ['b', 'c'] }, true],
    [{ role: 'cashier' as const, branches: ['b'] }, false],
    [{ role: 'cashier' as const }, false],
  ])('%o may have several: %p', (user, several) => {
    expect(mayHaveSeveralBranches(user)).toBe(several);
  });

  it.each([
    [{ role: 'admin' as const }, 'c', true],
    [{ role: 'cashier' as const, homeBranch: 'b', branches: ['b', 'c'] }, 'c', true],
    [{ role: 'cashier' as const, homeBranch: 'b', branches: ['b', 'c'] }, 'main', false],
    [{ role: 'cashier' as const, homeBranch: null, branches: null }, 'b', false],
  ])('%o on a device bound to %s keeps it: %p', (user, bound, fits) => {
    expect(deviceBranchFits(user, bound)).toBe(fits);
  });

  it('keeps the register when the branch has it, else takes its first', () => {
    expect(registerFor(b('x', true, ['r1', 'main']), 'main')).toBe('main');
    expect(registerFor(b('x', true, ['r1', 'r2']), 'main')).toBe('r1');
  });
});
