import { PlaceholderPage } from '../../placeholders/routes/placeholder-page.js';

/** Placeholder until the screen lands. */
export default function StaffPage() {
  return <PlaceholderPage titleKey="nav.staff" />;
}
