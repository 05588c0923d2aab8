import { PlaceholderPage } from '../../placeholders/routes/placeholder-page.js';

/** Placeholder until the screen lands. */
export default function UserPermissionsPage() {
  return <PlaceholderPage titleKey="pages.userPermissions" />;
}
