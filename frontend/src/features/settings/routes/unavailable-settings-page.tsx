import { PlaceholderPage } from '../../placeholders/routes/placeholder-page.js';

/** Placeholder until the screen lands. */
export default function UnavailableSettingsPage() {
  return <PlaceholderPage titleKey="pages.paymentSettings" />;
}
