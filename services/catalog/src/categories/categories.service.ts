import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { CategoryDto, CategoryEventData, CategoryTreeNodeDto } from '@dukan/contracts';
import { audit, DomainError, Outbox, rows, UUID, type RequestContext } from '@dukan/platform';
import { beginCatalogWrite } from '../sql.js';
import type { CreateCategoryDto, ListCategoriesQuery, UpdateCategoryDto } from './category.dto.js';
import { buildTree, wouldCreateCycle, type TreeNode } from './category.policy.js';

interface CategoryRow {
  id: string;
  name_en: string;
  name_ku: string;
  parent_id: string | null;
  image_url: string | null;
  active: boolean;
  version: number;
  created_at: Date;
  updated_at: Date;
}

type Listed = CategoryDto & { id: string; parentId: string | null };

@Injectable()
export class CategoriesService {
  constructor(
    private readonly ds: DataSource,
    private readonly outbox: Outbox,
  ) {}

  async list(q: ListCategoriesQuery): Promise<CategoryDto[]> {
    return (await this.listed(q)).map(strip);
  }

  async tree(q: ListCategoriesQuery): Promise<CategoryTreeNodeDto[]> {
    const toDto = (n: TreeNode<Listed>): CategoryTreeNodeDto => ({ ...strip(n), children: n.children.map(toDto) });
    return buildTree(await this.listed(q)).map(toDto);
  }

  /**
   * Live categories by English name. By default only those a form or the till may offer: active, and under
   * active parents all the way up (an inactive parent hides its whole branch).
   */
  private async listed(q: ListCategoriesQuery): Promise<Listed[]> {
    const all = await rows<CategoryRow & { product_count: number }>(
      this.ds,
      `SELECT c.*, coalesce(n.count, 0)::int AS product_count
       FROM categories c
       LEFT JOIN (SELECT category_id, count(*) AS count FROM products WHERE deleted_at IS NULL GROUP BY category_id) n ON n.category_id = c.id
       WHERE c.deleted_at IS NULL
       ORDER BY lower(c.name_en), c.id`,
    );
    const byId = new Map(all.map((c) => [c.id, c]));
    const usable = (c: CategoryRow): boolean => {
      const seen = new Set<string>();
      for (let at: CategoryRow | undefined = c; at; at = at.parent_id ? byId.get(at.parent_id) : undefined) {
        if (!at.active || seen.has(at.id)) return false;
        seen.add(at.id);
      }
      return true;
    };
    const kept = q.active === 'all' ? all : q.active === 'false' ? all.filter((c) => !c.active) : all.filter(usable);
    return kept.map((c) => ({ ...toDto(c, c.product_count), id: c.id, parentId: c.parent_id }));
  }

  async get(ctx: RequestContext, id: string, m: EntityManager | DataSource = this.ds): Promise<CategoryDto> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.category');
    const [c] = await rows<CategoryRow & { product_count: number }>(
      m,
      `SELECT c.*, (SELECT count(*)::int FROM products p WHERE p.category_id = c.id AND p.deleted_at IS NULL) AS product_count
       FROM categories c WHERE c.id = $1 AND c.deleted_at IS NULL`,
      [id],
    );
    if (!c) throw DomainError.notFound('entities.category');
    return toDto(c, c.product_count);
  }

  async create(ctx: RequestContext, dto: CreateCategoryDto): Promise<CategoryDto> {
    return this.ds.transaction(async (m) => {
      await beginCatalogWrite(m);
      const parent = dto.parent ?? null;
      if (parent) await this.assertParent(m, parent);
      const [row] = await rows<CategoryRow>(
        m,
        `INSERT INTO categories (name_en, name_ku, parent_id, image_url, active) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
        [dto.name.en, dto.name.ku ?? '', parent, dto.image || null, dto.active ?? true],
      );
      await this.outbox.add(m, ctx, 'dukan.catalog.category.created.v1', categoryEvent(row!));
      return toDto(row!, 0);
    });
  }

  async update(ctx: RequestContext, id: string, dto: UpdateCategoryDto): Promise<CategoryDto> {
    return this.ds.transaction(async (m) => {
      await beginCatalogWrite(m);
      const before = await this.lockLive(m, ctx, id);
      const parent = dto.parent !== undefined ? dto.parent : before.parent_id;
      if (parent !== before.parent_id) {
        // beginCatalogWrite queued us behind any other move, so the links read here cannot change under us.
        if (parent) await this.assertParent(m, parent);
        const links = await rows<{ id: string; parentId: string | null }>(
          m,
          `SELECT id, parent_id AS "parentId" FROM categories WHERE deleted_at IS NULL`,
        );
        if (wouldCreateCycle(links, id, parent)) {
          throw new DomainError('CATEGORY_CYCLE', 'categories.cycle', {}, { parent: { key: 'categories.cycle' } });
        }
      }
      const [row] = await rows<CategoryRow>(
        m,
        `UPDATE categories SET name_en = $2, name_ku = $3, parent_id = $4, image_url = $5, active = $6, version = version + 1, updated_at = now()
         WHERE id = $1 RETURNING *`,
        [
          id,
          dto.name?.en ?? before.name_en,
          dto.name?.ku ?? before.name_ku,
          parent,
          dto.image !== undefined ? dto.image || null : before.image_url,
          dto.active ?? before.active,
        ],
      );
      await this.outbox.add(m, ctx, 'dukan.catalog.category.updated.v1', categoryEvent(row!));
      return this.get(ctx, id, m);
    });
  }

  /** Refused while live subcategories or products remain; the row stays (deleted products still point at it). */
  async remove(ctx: RequestContext, id: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      await beginCatalogWrite(m);
      const row = await this.lockLive(m, ctx, id);
      const [child] = await rows(m, `SELECT 1 FROM categories WHERE parent_id = $1 AND deleted_at IS NULL LIMIT 1`, [id]);
      if (child) throw new DomainError('CATEGORY_HAS_CHILDREN', 'categories.hasChildren');
      const [product] = await rows(m, `SELECT 1 FROM products WHERE category_id = $1 AND deleted_at IS NULL LIMIT 1 FOR SHARE`, [id]);
      if (product) throw new DomainError('CATEGORY_IN_USE', 'categories.inUse');
      await m.query(`UPDATE categories SET deleted_at = now(), active = false, version = version + 1, updated_at = now() WHERE id = $1`, [
        id,
      ]);
      await audit(m, ctx, 'category.deleted', { type: 'category', id }, { name: row.name_en });
      await this.outbox.add(m, ctx, 'dukan.catalog.category.deleted.v1', { categoryId: id });
    });
  }

  private async lockLive(m: EntityManager, ctx: RequestContext, id: string): Promise<CategoryRow> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.category');
    const [row] = await rows<CategoryRow>(m, `SELECT * FROM categories WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [id]);
    if (!row) throw DomainError.notFound('entities.category');
    return row;
  }

  private async assertParent(m: EntityManager, parentId: string): Promise<void> {
    const [found] = await rows(m, `SELECT 1 FROM categories WHERE id = $1 AND deleted_at IS NULL`, [parentId]);
    if (!found) throw DomainError.validation({ parent: 'categories.parentNotFound' });
  }
}

function toDto(c: CategoryRow, productCount: number): CategoryDto {
  return {
    _id: c.id,
    name: { en: c.name_en, ku: c.name_ku },
    parent: c.parent_id,
    image: c.image_url,
    active: c.active,
    productCount,
    version: c.version,
    createdAt: c.created_at.toISOString(),
    updatedAt: c.updated_at.toISOString(),
  };
}

function strip(c: Listed): CategoryDto {
  const { id: _id, parentId: _parentId, ...dto } = c;
  return dto;
}

function categoryEvent(c: CategoryRow): CategoryEventData {
  return {
    categoryId: c.id,
    name: { en: c.name_en, ku: c.name_ku },
    parentId: c.parent_id,
    active: c.active,
    imageUrl: c.image_url,
    version: c.version,
  };
}
