import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { BRANCH_DIRECTORY, DomainError, type BranchDirectory } from '@dukan/platform';

/**
 * A branch named in a body or a path (a transfer's destination, a price's branch) checked against settings'
 * branches, through the directory the process already has (settings' own in the all-in-one, its internal route
 * in the cluster). A lone catalog without either (a service test) cannot ask, and takes the name as given.
 */
@Injectable()
export class KnownBranches {
  private directory: BranchDirectory | null | undefined;

  constructor(private readonly modules: ModuleRef) {}

  /** Refuses, under `field`, a branch settings does not know, or (with `active`) one deactivated. */
  async assert(branchId: string, field: string, active: boolean): Promise<void> {
    const directory = this.find();
    if (!directory) return;
    const state = await directory.state(branchId);
    if (state === 'unknown') throw DomainError.validation({ [field]: 'branches.unknown' });
    if (active && state === 'inactive') throw DomainError.validation({ [field]: 'branches.inactive' });
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
