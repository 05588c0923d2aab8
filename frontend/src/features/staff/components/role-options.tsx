import { useTranslation } from 'react-i18next';
import type { Role } from '@dukan/contracts';

/** The `<option>`s of a role select, named in the screen's language. */
export function RoleOptions({ roles }: { roles: readonly Role[] }) {
  const { t } = useTranslation();
  return (
    <>
      {roles.map((r) => (
        <option key={r} value={r}>
          {t(`roles.${r}`)}
        </option>
      ))}
    </>
  );
}
