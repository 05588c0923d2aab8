import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.js';

interface Props {
  /** Changed cells and the users they belong to. */
  cells: number;
  users: number;
  saving: boolean;
  onDiscard: () => void;
  onSave: () => void;
}

/** Below the table: how many changes wait to be saved, and the buttons to discard or save them. */
export function PermissionsSaveBar({ cells, users, saving, onDiscard, onSave }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const dirty = cells > 0;
  return (
    <div className={`perm-savebar ${dirty ? 'dirty' : ''}`} data-testid="perm-savebar">
      <span className={dirty ? 'perm-unsaved-text' : 'muted'} data-testid="unsaved-count" role="status">
        {dirty ? `* ${t('userPermissions.unsavedCount', { n: f.number(cells), users: f.number(users) })}` : ''}
      </span>
      <div className="row gap">
        <button type="button" className="button" disabled={!dirty || saving} onClick={onDiscard} data-testid="perm-discard">
          {t('userPermissions.discardChanges')}
        </button>
        <button type="button" className="button primary" disabled={!dirty || saving} onClick={onSave} data-testid="perm-save">
          {saving ? t('userPermissions.saving') : t('userPermissions.saveChanges')}
        </button>
      </div>
    </div>
  );
}
