import { PlaceholderPage } from '../../placeholders/routes/placeholder-page.js';

/** Placeholder until the screen lands. */
export default function GeneralSettingsPage() {
  return <PlaceholderPage titleKey="pages.generalSettings" />;
}
