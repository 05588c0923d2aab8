import { PlaceholderPage } from '../../placeholders/routes/placeholder-page.js';

/** Placeholder until the screen lands. */
export default function LoyaltySettingsPage() {
  return <PlaceholderPage titleKey="pages.loyaltySettings" />;
}
