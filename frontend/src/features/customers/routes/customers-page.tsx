import { PlaceholderPage } from '../../placeholders/routes/placeholder-page.js';

/** Placeholder until the screen lands. */
export default function CustomersPage() {
  return <PlaceholderPage titleKey="nav.customers" />;
}
