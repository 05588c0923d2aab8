import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { BranchDto } from '@dukan/contracts';
import { audit, DomainError, Outbox, type RequestContext } from '@dukan/platform';
import type { CreateBranchDto, UpdateBranchDto } from './branches.dto.js';

interface BranchRow {
  id: string;
  name: string;
  active: boolean;
  registers: string[] | null;
}

const SELECT = `SELECT b.id, b.name, b.active,
                       array_agg(r.id ORDER BY r.position, r.id) FILTER (WHERE r.id IS NOT NULL) AS registers
                  FROM branches b LEFT JOIN registers r ON r.branch_id = b.id`;

const toDto = (b: BranchRow): BranchDto => ({ _id: b.id, name: b.name, registers: b.registers ?? [], active: b.active });

/** Branches and their registers, managed one by one by an admin; each change is audited and announced. */
@Injectable()
export class BranchesService {
  constructor(
    private readonly ds: DataSource,
    private readonly outbox: Outbox,
  ) {}

  async list(m: EntityManager = this.ds.manager): Promise<BranchDto[]> {
    const rows: BranchRow[] = await m.query(`${SELECT} GROUP BY b.id ORDER BY b.position, b.created_at, b.id`);
    return rows.map(toDto);
  }

  async create(ctx: RequestContext, dto: CreateBranchDto): Promise<BranchDto> {
    const registers = [...new Set(dto.registers ?? ['main'])];
    return this.ds.transaction(async (m) => {
      const inserted: unknown[] = await m.query(
        `INSERT INTO branches (id, name, position) VALUES ($1, $2, (SELECT coalesce(max(position), -1) + 1 FROM branches))
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [dto._id, dto.name],
      );
      if (inserted.length === 0) throw new DomainError('CONFLICT', 'branches.exists', {}, { _id: { key: 'branches.exists' } });
      await this.writeRegisters(m, dto._id, registers);
      const after = (await this.one(m, dto._id))!;
      await audit(m, ctx, 'branch.created', { type: 'branch', id: dto._id }, { after });
      await this.announce(m, ctx, after, true);
      return after;
    });
  }

  async update(ctx: RequestContext, id: string, dto: UpdateBranchDto): Promise<BranchDto> {
    return this.ds.transaction(async (m) => {
      // Branches are few: locking them all keeps "at least one active" true under concurrent deactivations.
      await m.query(`SELECT id FROM branches ORDER BY id FOR UPDATE`);
      const before = await this.one(m, id);
      if (!before) throw DomainError.notFound('entities.branch');
      if (dto.active === false && before.active) {
        const [{ n }]: { n: number }[] = await m.query(`SELECT count(*)::int AS n FROM branches WHERE active AND id <> $1`, [id]);
        if (n === 0) throw new DomainError('CONFLICT', 'branches.lastActive', {}, { active: { key: 'branches.lastActive' } });
      }
      await m.query(`UPDATE branches SET name = coalesce($2, name), active = coalesce($3, active) WHERE id = $1`, [
        id,
        dto.name ?? null,
        dto.active ?? null,
      ]);
      const after = (await this.one(m, id))!;
      if (after.name !== before.name || after.active !== before.active) {
        await audit(m, ctx, 'branch.changed', { type: 'branch', id }, { before, after });
        await this.announce(m, ctx, after, false);
      }
      return after;
    });
  }

  async setRegisters(ctx: RequestContext, id: string, registers: string[]): Promise<BranchDto> {
    return this.ds.transaction(async (m) => {
      const before = await this.one(m, id, true);
      if (!before) throw DomainError.notFound('entities.branch');
      await this.writeRegisters(m, id, [...new Set(registers)]);
      const after = (await this.one(m, id))!;
      if (JSON.stringify(after.registers) !== JSON.stringify(before.registers)) {
        await audit(m, ctx, 'branch.registers-changed', { type: 'branch', id }, { before: before.registers, after: after.registers });
        await this.announce(m, ctx, after, false);
      }
      return after;
    });
  }

  private async writeRegisters(m: EntityManager, branchId: string, registers: string[]): Promise<void> {
    await m.query(`DELETE FROM registers WHERE branch_id = $1 AND id <> ALL($2::text[])`, [branchId, registers]);
    for (const [i, r] of registers.entries()) {
      await m.query(
        `INSERT INTO registers (branch_id, id, position) VALUES ($1, $2, $3) ON CONFLICT (branch_id, id) DO UPDATE SET position = EXCLUDED.position`,
        [branchId, r, i],
      );
    }
  }

  private async one(m: EntityManager, id: string, lock = false): Promise<BranchDto | null> {
    if (lock) await m.query(`SELECT id FROM branches WHERE id = $1 FOR UPDATE`, [id]);
    const [row]: BranchRow[] = await m.query(`${SELECT} WHERE b.id = $1 GROUP BY b.id`, [id]);
    return row ? toDto(row) : null;
  }

  private async announce(m: EntityManager, ctx: RequestContext, b: BranchDto, created: boolean): Promise<void> {
    await this.outbox.add(m, ctx, 'dukan.settings.branch.changed.v1', {
      branchId: b._id,
      name: b.name,
      active: b.active,
      registers: b.registers,
      created,
    });
  }
}
