import { useTranslation } from 'react-i18next';
import type { CategoryDto } from '@dukan/contracts';

/** One chip a category, and "all": the chosen one narrows the grid to it and its subcategories. */
export function CategoryChips({
  categories,
  chosen,
  onChoose,
}: {
  categories: CategoryDto[];
  chosen: string | null;
  onChoose: (id: string | null) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className="chips" role="group" aria-label={t('pos.categories')}>
      <button
        type="button"
        className={`chip ${chosen === null ? 'active' : ''}`}
        aria-pressed={chosen === null}
        onClick={() => onChoose(null)}
      >
        {t('pos.allCategories')}
      </button>
      {categories.map((c) => (
        <button
          key={c._id}
          type="button"
          className={`chip ${chosen === c._id ? 'active' : ''}`}
          aria-pressed={chosen === c._id}
          onClick={() => onChoose(c._id)}
        >
          {(i18n.language === 'ku' && c.name.ku) || c.name.en}
        </button>
      ))}
    </div>
  );
}
