import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CategoryDto } from '@dukan/contracts';
import { isLanguage } from '../../../i18n/index.js';
import { chipState, descendantsOf, type CategoryTree } from '../lib/category-selection.js';
import { localName } from '../lib/names.js';

interface CategoryFilterProps {
  categories: CategoryDto[];
  tree: CategoryTree;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onClear: () => void;
}

/**
 * "All" and the top-level categories; under each top-level category that is chosen (wholly or in part), a row
 * with its sub-categories, deeper ones named by their path.
 */
export function CategoryFilter({ categories, tree, selected, onToggle, onClear }: CategoryFilterProps) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
  const byId = useMemo(() => new Map(categories.map((c) => [c._id, c])), [categories]);
  const name = (id: string) => localName(byId.get(id)?.name, lang);

  const chip = (id: string, label: string) => {
    const state = chipState(tree, selected, id);
    const inactive = byId.get(id)?.active === false;
    return (
      <button
        key={id}
        type="button"
        className={`chip ${state === 'on' ? 'active' : ''} ${state === 'partial' ? 'partial' : ''} ${inactive ? 'inactive' : ''}`}
        aria-pressed={state === 'on' ? true : state === 'partial' ? 'mixed' : false}
        data-testid="category-chip"
        data-category-id={id}
        onClick={() => onToggle(id)}
      >
        {label}
      </button>
    );
  };

  const open = tree.roots.filter((r) => (tree.childrenOf.get(r) ?? []).length > 0 && chipState(tree, selected, r) !== 'off');

  return (
    <div className="category-filter" role="group" aria-label={t('inventory.categoriesLabel')} data-testid="category-filter">
      <div className="chips inventory-chips">
        <button
          type="button"
          className={`chip ${selected.size === 0 ? 'active' : ''}`}
          aria-pressed={selected.size === 0}
          data-testid="category-chip-all"
          onClick={onClear}
        >
          {t('inventory.allCategories')}
        </button>
        {tree.roots.map((id) => chip(id, name(id)))}
      </div>
      {open.map((root) => (
        <div
          key={root}
          className="chips inventory-chips sub-chips"
          role="group"
          aria-label={t('inventory.subcategoriesOf', { name: name(root) })}
          data-testid="subcategory-chips"
        >
          <span className="sub-chips-label">{t('inventory.inCategory', { name: name(root) })}</span>
          {descendantsOf(tree, root).map((id) => {
            // The path below the top-level category: "Tea & coffee › Green tea".
            const path: string[] = [];
            for (let at: string | null = id; at && at !== root; at = tree.parentOf.get(at) ?? null) path.unshift(name(at));
            return chip(id, path.join(' › '));
          })}
        </div>
      ))}
    </div>
  );
}
