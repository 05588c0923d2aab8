import { PlaceholderPage } from '../../placeholders/routes/placeholder-page.js';

/** Placeholder until the screen lands. */
export default function SettingsHubPage() {
  return <PlaceholderPage titleKey="nav.settings" />;
}
