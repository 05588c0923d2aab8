import { isDeepStrictEqual } from 'node:util';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  normalizeSearchText,
  ROLE_DEFAULT_PERMISSIONS,
  sanitizePermissions,
  type Paginated,
  type AuthUserDto,
  type Permissions,
  type SessionRevokedReason,
} from '@dukan/contracts';
import { audit, DomainError, escapeLike, KnownBranches, Outbox, type BranchState, type RequestContext } from '@dukan/platform';
import { hashPassword } from '../auth/passwords.js';
import { UpdateUserDto, type ApplyRoleDto, type CreateUserDto, type ListUsersQuery, type PermissionsListQuery } from './user.dto.js';
import { User } from './user.entity.js';
import { toUserDto, toUserEvent } from './user.mapper.js';
import {
  nextBranches,
  refuseCreate,
  refuseDelete,
  refuseEdit,
  refuseReset,
  unusableBranch,
  type StaffActor,
  type StaffRefusal,
  type StaffTarget,
} from './staff.policy.js';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config.js';

/** A LIKE pattern on users.search_text (search_norm of username, names and email, indexed). */
const searchPattern = (search: string) => `%${escapeLike(normalizeSearchText(search))}%`;

/** The signed-in user a staff change is checked against; the route table let nobody else this far. */
function actorOf(ctx: RequestContext): StaffActor {
  if (!ctx.user) throw new DomainError('UNAUTHENTICATED', 'auth.required');
  return {
    id: ctx.user.id,
    role: ctx.user.role,
    permissions: ctx.user.permissions,
    branches: ctx.callerBranches ?? (ctx.user.role === 'admin' ? null : []),
  };
}

/**
 * The branches a user ends with; only an admin may name them, and only branches settings knows (`states`, asked
 * before the write; null where this process cannot ask). A deactivated branch may be kept, not given anew.
 */
function branchesAfter(
  ctx: RequestContext,
  user: { role: User['role']; homeBranch: string | null; branches: string[] | null },
  dto: CreateUserDto | UpdateUserDto,
  states: ReadonlyMap<string, BranchState> | null,
) {
  if (dto.homeBranch === undefined && dto.branches === undefined)
    return { homeBranch: user.homeBranch, branches: user.role === 'admin' ? null : user.branches };
  if (ctx.user?.role !== 'admin') {
    throw new DomainError(
      'ADMIN_ONLY',
      'users.branchesAdminOnly',
      {},
      { [dto.branches !== undefined ? 'branches' : 'homeBranch']: { key: 'users.branchesAdminOnly' } },
    );
  }
  const next = nextBranches(user.role, user, dto);
  if ('refused' in next) throw DomainError.validation({ homeBranch: next.refused });
  const unusable = states && unusableBranch(next, user, states);
  if (unusable) throw DomainError.validation({ [unusable.field]: unusable.key });
  return next;
}

/** The branches an edit names, for asking settings about them before the write. */
const namedBranches = (dto: CreateUserDto | UpdateUserDto) => [...(dto.homeBranch ? [dto.homeBranch] : []), ...(dto.branches ?? [])];

/** The edit without the rights fields (permissions, branches) that only repeat what the user has. */
function withoutUnchangedRights(dto: UpdateUserDto, user: User): UpdateUserDto {
  const { permissions, homeBranch, branches, ...rest } = dto;
  const samePermissions =
    permissions !== undefined && isDeepStrictEqual(permissions === null ? null : sanitizePermissions(permissions), user.permissions);
  const sameHome = homeBranch !== undefined && homeBranch === user.homeBranch;
  const sameBranches = branches !== undefined && isDeepStrictEqual(branches, user.branches);
  return Object.assign(new UpdateUserDto(), rest, {
    ...(permissions !== undefined && !samePermissions && { permissions }),
    ...(homeBranch !== undefined && !sameHome && { homeBranch }),
    ...(branches !== undefined && !sameBranches && { branches }),
  });
}

function refuseIf(refusal: StaffRefusal | null): void {
  if (refusal) throw new DomainError(refusal.code, refusal.key);
}

@Injectable()
export class UsersService {
  constructor(
    private readonly ds: DataSource,
    private readonly outbox: Outbox,
    private readonly knownBranches: KnownBranches,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** A user as a staff change sees them: their role, and the branches they work in (home only when no list). */
  private targetOf(user: User): StaffTarget {
    return { id: user.id, role: user.role, branches: user.branches?.length ? user.branches : [user.homeBranch ?? this.config.BRANCH_ID] };
  }

  private live(m: EntityManager = this.ds.manager) {
    return m.getRepository(User).createQueryBuilder('u').where('u.deleted_at IS NULL');
  }

  async findLive(id: string, m?: EntityManager, withPassword = false): Promise<User> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw DomainError.notFound('entities.user');
    const qb = this.live(m).andWhere('u.id = :id', { id });
    if (withPassword) qb.addSelect('u.passwordHash');
    const user = await qb.getOne();
    if (!user) throw DomainError.notFound('entities.user');
    return user;
  }

  async findByUsername(username: string): Promise<User | null> {
    return this.live().addSelect('u.passwordHash').andWhere('lower(u.username) = lower(:username)', { username }).getOne();
  }

  async count(): Promise<number> {
    return this.live().getCount();
  }

  async list(q: ListUsersQuery): Promise<Paginated<AuthUserDto>> {
    const page = q.page ?? 1;
    const limit = q.limit ?? 10;
    const qb = this.live();
    if (q.search?.trim()) {
      qb.andWhere(`u.search_text LIKE :s`, { s: searchPattern(q.search) });
    }
    if (q.role && q.role !== 'all') qb.andWhere('u.role = :role', { role: q.role });
    if (q.active === 'true' || q.active === 'false') qb.andWhere('u.active = :active', { active: q.active === 'true' });
    const [rows, total] = await qb
      .orderBy('u.created_at', 'DESC')
      .addOrderBy('u.id')
      .skip((page - 1) * limit)
      .take(limit)
      .getManyAndCount();
    return { data: rows.map(toUserDto), pagination: { total, page, limit, pages: Math.max(1, Math.ceil(total / limit)) } };
  }

  async listForPermissions(q: PermissionsListQuery): Promise<AuthUserDto[]> {
    const qb = this.live().andWhere(`u.role <> 'admin'`);
    if (q.search?.trim()) {
      qb.andWhere(`u.search_text LIKE :s`, { s: searchPattern(q.search) });
    }
    if (q.role && q.role !== 'all') qb.andWhere('u.role = :role', { role: q.role });
    if (q.active === 'true' || q.active === 'false') qb.andWhere('u.active = :active', { active: q.active === 'true' });
    const rows = await qb.orderBy('u.username').take(1000).getMany();
    return rows.map(toUserDto);
  }

  async create(ctx: RequestContext, dto: CreateUserDto): Promise<AuthUserDto> {
    const role = dto.role ?? 'cashier';
    refuseIf(refuseCreate(actorOf(ctx), role, dto.permissions !== undefined));
    const passwordHash = await hashPassword(dto.password);
    const states = await this.knownBranches.states(namedBranches(dto));
    return this.ds.transaction(async (m) => {
      await this.assertUnique(m, dto.username, dto.email);
      const repo = m.getRepository(User);
      const branches = branchesAfter(ctx, { role, homeBranch: null, branches: null }, dto, states);
      const user = repo.create({
        ...branches,
        username: dto.username,
        firstName: dto.firstName,
        lastName: dto.lastName,
        email: dto.email,
        phone: dto.phone || null,
        passwordHash,
        role,
        active: dto.active ?? true,
        languagePreference: dto.languagePreference ?? 'en',
        permissions: dto.permissions ? sanitizePermissions(dto.permissions) : null,
        tokenVersion: 1,
        lastLogin: null,
        deletedAt: null,
      });
      await repo.save(user);
      await this.outbox.add(m, ctx, 'dukan.identity.user.created.v1', toUserEvent(user));
      return toUserDto(user);
    });
  }

  async update(ctx: RequestContext, id: string, sent: UpdateUserDto): Promise<AuthUserDto> {
    const passwordHash = sent.password ? await hashPassword(sent.password) : null;
    const states = await this.knownBranches.states(namedBranches(sent));
    return this.ds.transaction(async (m) => {
      const user = await this.findLive(id, m);
      // The user object as GET served it comes back with the change: rights sent back as they are set nothing.
      const dto = withoutUnchangedRights(sent, user);
      const withPermissions = dto.permissions !== undefined;
      refuseIf(refuseEdit(actorOf(ctx), this.targetOf(user), { role: dto.role, active: dto.active, withPermissions }));
      if (withPermissions && (user.role === 'admin' || dto.role === 'admin'))
        throw new DomainError('RULE_VIOLATION', 'users.adminPermissionsFixed');
      await this.assertUnique(m, dto.username ?? null, dto.email ?? null, user.id);
      if (user.role === 'admin' && ((dto.role && dto.role !== 'admin') || dto.active === false)) {
        await this.assertNotLastAdmin(m, user.id);
      }
      const roleChanged = dto.role !== undefined && dto.role !== user.role;
      const branches = branchesAfter(ctx, { ...user, role: dto.role ?? user.role }, dto, states);
      const branchesChanged =
        branches.homeBranch !== user.homeBranch || JSON.stringify(branches.branches) !== JSON.stringify(user.branches);
      // An edit that ends what a token may be used for (deactivation, a new password) ends it, and so do a new name
      // and new branches (the app swaps the token). A role or permission edit does not: every gate reads the user's
      // current rights (SessionState.rights), so it applies on the very next call, and the session goes on.
      const revoke: SessionRevokedReason | null =
        dto.active === false && user.active
          ? 'deactivated'
          : passwordHash
            ? 'password-reset'
            : branchesChanged
              ? 'permissions-changed'
              : dto.username !== undefined && dto.username !== user.username
                ? 'renamed'
                : null;
      if (roleChanged) await audit(m, ctx, 'user.role-changed', { type: 'user', id: user.id }, { before: user.role, after: dto.role });
      if (withPermissions) {
        const after = dto.permissions ? sanitizePermissions(dto.permissions) : null;
        await audit(m, ctx, 'user.permissions-changed', { type: 'user', id: user.id }, { before: user.permissions, after });
        user.permissions = after;
      }
      if (branchesChanged) {
        await audit(
          m,
          ctx,
          'user.branches-changed',
          { type: 'user', id: user.id },
          {
            before: { homeBranch: user.homeBranch, branches: user.branches },
            after: branches,
          },
        );
      }
      Object.assign(user, {
        ...branches,
        ...(dto.username !== undefined && { username: dto.username }),
        ...(dto.firstName !== undefined && { firstName: dto.firstName }),
        ...(dto.lastName !== undefined && { lastName: dto.lastName }),
        ...(dto.email !== undefined && { email: dto.email }),
        ...(dto.phone !== undefined && { phone: dto.phone || null }),
        ...(dto.role !== undefined && { role: dto.role }),
        ...(dto.active !== undefined && { active: dto.active }),
        ...(dto.languagePreference !== undefined && { languagePreference: dto.languagePreference }),
      });
      if (passwordHash) await m.getRepository(User).update(user.id, { passwordHash });
      await this.save(m, ctx, user, revoke);
      return toUserDto(user);
    });
  }

  async setLanguage(ctx: RequestContext, id: string, languagePreference: 'en' | 'ku'): Promise<AuthUserDto> {
    return this.ds.transaction(async (m) => {
      const user = await this.findLive(id, m);
      user.languagePreference = languagePreference;
      await this.save(m, ctx, user, null);
      return toUserDto(user);
    });
  }

  async remove(ctx: RequestContext, id: string): Promise<void> {
    if (ctx.actorId === id) throw new DomainError('RULE_VIOLATION', 'users.cannotDeleteSelf');
    await this.ds.transaction(async (m) => {
      const user = await this.findLive(id, m);
      refuseIf(refuseDelete(actorOf(ctx), this.targetOf(user)));
      if (user.role === 'admin') await this.assertNotLastAdmin(m, user.id);
      user.deletedAt = new Date();
      user.active = false;
      user.tokenVersion += 1;
      user.refreshFloor = user.tokenVersion;
      await m.getRepository(User).save(user);
      await audit(m, ctx, 'user.deleted', { type: 'user', id: user.id }, { username: user.username });
      await this.outbox.add(m, ctx, 'dukan.identity.user.deleted.v1', { userId: user.id });
      await this.outbox.add(m, ctx, 'dukan.identity.user.session-revoked.v1', {
        userId: user.id,
        tokenVersion: user.tokenVersion,
        reason: 'deleted',
      });
    });
  }

  async resetPassword(ctx: RequestContext, id: string, newPassword: string): Promise<void> {
    const passwordHash = await hashPassword(newPassword);
    await this.ds.transaction(async (m) => {
      const user = await this.findLive(id, m);
      refuseIf(refuseReset(actorOf(ctx), this.targetOf(user)));
      await m.getRepository(User).update(user.id, { passwordHash });
      await audit(m, ctx, 'user.password-reset', { type: 'user', id: user.id });
      await this.save(m, ctx, user, 'password-reset');
    });
  }

  async setPermissions(ctx: RequestContext, id: string, permissions: Permissions | null): Promise<AuthUserDto> {
    return this.ds.transaction(async (m) => {
      const user = await this.findLive(id, m);
      if (user.role === 'admin') throw new DomainError('RULE_VIOLATION', 'users.adminPermissionsFixed');
      const before = user.permissions;
      user.permissions = permissions === null ? null : sanitizePermissions(permissions);
      await audit(m, ctx, 'user.permissions-changed', { type: 'user', id: user.id }, { before, after: user.permissions });
      await this.save(m, ctx, user, null); // the gate reads the new permissions on the next call; the session goes on
      return toUserDto(user);
    });
  }

  async applyRole(ctx: RequestContext, dto: ApplyRoleDto): Promise<number> {
    const defaults = ROLE_DEFAULT_PERMISSIONS[dto.role];
    return this.ds.transaction(async (m) => {
      let n = 0;
      for (const id of new Set(dto.userIds)) {
        const user = await this.findLive(id, m);
        if (user.role === 'admin') continue;
        const before = user.permissions;
        user.permissions = sanitizePermissions(structuredClone(defaults));
        await audit(
          m,
          ctx,
          'user.permissions-changed',
          { type: 'user', id: user.id },
          { before, after: user.permissions, appliedRole: dto.role },
        );
        await this.save(m, ctx, user, null);
        n += 1;
      }
      return n;
    });
  }

  /** Logout: every token issued so far stops working. */
  async revokeSessions(ctx: RequestContext, id: string, reason: SessionRevokedReason): Promise<void> {
    await this.ds.transaction(async (m) => {
      const user = await this.findLive(id, m);
      await this.save(m, ctx, user, reason);
    });
  }

  async recordLogin(id: string): Promise<void> {
    await this.ds.getRepository(User).update(id, { lastLogin: new Date() });
  }

  private async save(m: EntityManager, ctx: RequestContext, user: User, revoke: SessionRevokedReason | null): Promise<void> {
    if (revoke) user.tokenVersion += 1;
    // A session ended on purpose cannot be refreshed; one whose name or branches changed can (see AuthService.refresh).
    if (revoke && revoke !== 'permissions-changed' && revoke !== 'renamed') user.refreshFloor = user.tokenVersion;
    await m.getRepository(User).save(user);
    await this.outbox.add(m, ctx, 'dukan.identity.user.updated.v1', toUserEvent(user));
    if (revoke) {
      await this.outbox.add(m, ctx, 'dukan.identity.user.session-revoked.v1', {
        userId: user.id,
        tokenVersion: user.tokenVersion,
        reason: revoke,
      });
    }
  }

  private async assertUnique(m: EntityManager, username: string | null, email: string | null, exceptId?: string): Promise<void> {
    const clash = async (column: 'username' | 'email', value: string) => {
      const qb = this.live(m).andWhere(`lower(u.${column}) = lower(:v)`, { v: value });
      if (exceptId) qb.andWhere('u.id <> :id', { id: exceptId });
      return (await qb.getCount()) > 0;
    };
    if (username && (await clash('username', username))) {
      throw new DomainError('DUPLICATE_USERNAME', 'users.duplicateUsername', {}, { username: { key: 'users.duplicateUsername' } });
    }
    if (email && (await clash('email', email))) {
      throw new DomainError('DUPLICATE_EMAIL', 'users.duplicateEmail', {}, { email: { key: 'users.duplicateEmail' } });
    }
  }

  private async assertNotLastAdmin(m: EntityManager, id: string): Promise<void> {
    // Lock the admins so two concurrent demotions cannot both pass.
    const admins: { id: string }[] = await m.query(
      `SELECT id FROM users WHERE role = 'admin' AND active AND deleted_at IS NULL FOR UPDATE`,
    );
    if (admins.filter((a) => a.id !== id).length === 0) throw new DomainError('RULE_VIOLATION', 'users.lastAdmin');
  }
}
