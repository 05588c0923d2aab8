import { PlaceholderPage } from '../../placeholders/routes/placeholder-page.js';

/** Placeholder until the screen lands. */
export default function ProductsPage() {
  return <PlaceholderPage titleKey="pages.products" />;
}
