import { PlaceholderPage } from '../../placeholders/routes/placeholder-page.js';

/** Placeholder until the screen lands. */
export default function TransactionsPage() {
  return <PlaceholderPage titleKey="nav.transactions" />;
}
