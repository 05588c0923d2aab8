import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DomainError } from '../errors/domain-error.js';
import { BRANCH_DIRECTORY, type BranchDirectory, type BranchState } from './branch-directory.js';

/**
 * A branch named in a body or a path (a transfer's destination, a price's branch, a user's branches) checked
 * against settings' branches, through the directory the process already has (settings' own in the all-in-one,
 * its internal route in the cluster). A lone service without either (a service test) cannot ask, and takes the
 * name as given. A service lists it among its providers.
 */
@Injectable()
export class KnownBranches {
  private directory: BranchDirectory | null | undefined;

  constructor(private readonly modules: ModuleRef) {}

  /** Each branch's state as settings knows it; null where this process cannot ask. Ask before a write: it may call settings. */
  async states(branchIds: Iterable<string>): Promise<ReadonlyMap<string, BranchState> | null> {
    const directory = this.find();
    if (!directory) return null;
    const ids = [...new Set(branchIds)];
    return new Map(await Promise.all(ids.map(async (id) => [id, await directory.state(id)] as const)));
  }

  /** The names settings gives these branches; one it does not know, or every one while it cannot be asked, is left out. */
  async names(branchIds: Iterable<string>): Promise<ReadonlyMap<string, string>> {
    const directory = this.find();
    if (!directory) return new Map();
    const named = await Promise.all([...new Set(branchIds)].map(async (id) => [id, await directory.name(id).catch(() => null)] as const));
    return new Map(named.filter((entry): entry is readonly [string, string] => entry[1] !== null));
  }

  /** Refuses, under `field`, a branch settings does not know, or (with `active`) one deactivated. */
  async assert(branchId: string, field: string, active: boolean): Promise<void> {
    const state = (await this.states([branchId]))?.get(branchId);
    if (state === 'unknown') throw DomainError.validation({ [field]: 'branches.unknown' });
    if (active && state === 'inactive') throw DomainError.validation({ [field]: 'branches.inactive' });
  }

  /**
   * Refuses, under `field`, a register settings does not list for the branch: registers are made by an admin in
   * settings, never by naming one. A lone service that cannot ask takes the name as given.
   */
  async assertRegister(branchId: string, register: string, field: string): Promise<void> {
    const directory = this.find();
    if (!directory) return;
    if (!(await directory.hasRegister(branchId, register))) throw DomainError.validation({ [field]: 'registers.unknown' });
  }

  private find(): BranchDirectory | null {
    if (this.directory !== undefined) return this.directory;
    try {
      this.directory = this.modules.get<BranchDirectory>(BRANCH_DIRECTORY, { strict: false });
    } catch {
      this.directory = null;
    }
    return this.directory;
  }
}
