import { PlaceholderPage } from '../../placeholders/routes/placeholder-page.js';

/** Placeholder until the screen lands. */
export default function AddCategoryPage() {
  return <PlaceholderPage titleKey="pages.addCategory" />;
}
