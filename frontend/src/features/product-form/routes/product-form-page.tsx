import { PlaceholderPage } from '../../placeholders/routes/placeholder-page.js';

/** Placeholder until the screen lands. */
export default function ProductFormPage() {
  return <PlaceholderPage titleKey="pages.addProduct" />;
}
