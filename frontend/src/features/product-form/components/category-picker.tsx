import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryName, choose, dropdownLevels, pathLabel, type CategoryNode } from '../lib/category-path.js';

interface CategoryPickerProps {
  /** Active categories as a tree. */
  tree: CategoryNode[];
  /** Chosen ids, root first. */
  path: string[];
  onChange: (path: string[]) => void;
  /** Placeholder of the first dropdown (e.g. "Choose a category" or "None (top level)"). */
  firstLabel: string;
  error?: string | null;
  disabled?: boolean;
  testId?: string;
}

/**
 * One dropdown per level: the roots, then the children of each chosen category that has any. The last chosen
 * category is the value; the path is shown with ">" between the names.
 */
export function CategoryPicker({ tree, path, onChange, firstLabel, error, disabled, testId = 'category' }: CategoryPickerProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const levels = dropdownLevels(tree, path);
  const label = pathLabel(tree, path, i18n.language);
  return (
    <div className="pf-category" data-testid={`${testId}-picker`}>
      <div className="pf-category-levels">
        {levels.map((level, i) => (
          <select
            key={i}
            id={i === 0 ? id : undefined}
            className="pf-select"
            aria-label={t('productForm.category.level', { n: i + 1 })}
            aria-invalid={error ? true : undefined}
            value={level.selected}
            disabled={disabled}
            data-testid={`${testId}-level-${i}`}
            onChange={(e) => onChange(choose(path, i, e.target.value))}
          >
            <option value="">{i === 0 ? firstLabel : t('productForm.category.chooseSub')}</option>
            {level.options.map((o) => (
              <option key={o._id} value={o._id}>
                {categoryName(o, i18n.language)}
              </option>
            ))}
          </select>
        ))}
      </div>
      {label && (
        <p className="pf-category-path" data-testid={`${testId}-path`}>
          {t('productForm.category.path', { path: label })}
        </p>
      )}
      {error && (
        <p className="field-error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
