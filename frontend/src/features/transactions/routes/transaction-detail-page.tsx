import { PlaceholderPage } from '../../placeholders/routes/placeholder-page.js';

/** Placeholder until the screen lands. */
export default function TransactionDetailPage() {
  return <PlaceholderPage titleKey="pages.transactionDetail" />;
}
