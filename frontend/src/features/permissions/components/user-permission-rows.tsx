import { memo, useCallback, useEffect, useRef, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { MODULE_ACTIONS, PERMISSION_MODULES, type AuthUserDto, type PermissionAction, type PermissionModule } from '@dukan/contracts';
import { Icon } from '../../../components/layout/icons.js';
import { useFormat } from '../../../i18n/format.js';
import { displayName } from '../../auth/index.js';
import { EMPTY_EDITS, isChanged, shownGrants, type Draft, type Grants, type PermissionEdits } from '../lib/permission-edits.js';

export const TOTAL_ACTIONS = PERMISSION_MODULES.reduce((n, m) => n + MODULE_ACTIONS[m].length, 0);
export const ROW_COLUMNS = 7;

/** A checkbox that can also show "some" (half-ticked). */
export function Checkbox({ indeterminate = false, ...props }: InputHTMLAttributes<HTMLInputElement> & { indeterminate?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return <input ref={ref} type="checkbox" {...props} />;
}

function grantedCount(grants: Grants): number {
  return PERMISSION_MODULES.reduce((n, m) => n + grants[m].length, 0);
}

export interface RowHandlers {
  onSelect: (id: string) => void;
  onExpand: (id: string) => void;
  onAction: (user: AuthUserDto, module: PermissionModule, action: PermissionAction, on: boolean) => void;
  onModule: (user: AuthUserDto, module: PermissionModule, on: boolean) => void;
  onRoleDefaults: (user: AuthUserDto) => void;
}

interface RowProps extends RowHandlers {
  user: AuthUserDto;
  /** This user's unsaved draft, if any (only its own, so other users' edits do not re-render this row). */
  draft: Draft | undefined;
  selected: boolean;
  expanded: boolean;
}

/** One user: a summary line, and when expanded, the module groups with a checkbox per action. */
export const UserPermissionRows = memo(function UserPermissionRows({
  user,
  draft,
  selected,
  expanded,
  onSelect,
  onExpand,
  onAction,
  onModule,
  onRoleDefaults,
}: RowProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const name = displayName(user);
  const edits: PermissionEdits = draft ? { [user._id]: draft } : EMPTY_EDITS;
  const dirty = !!draft;
  const grants = shownGrants(edits, user);
  const panelId = `perm-panel-${user._id}`;
  const toggle = useCallback(() => onExpand(user._id), [onExpand, user._id]);

  return (
    <>
      <tr
        className={`perm-user ${dirty ? 'dirty' : ''} ${expanded ? 'expanded' : ''}`}
        data-testid="perm-user"
        data-username={user.username}
      >
        <td className="perm-select">
          <Checkbox
            checked={selected}
            onChange={() => onSelect(user._id)}
            aria-label={t('userPermissions.selectUser', { name })}
            data-testid="select-user"
          />
        </td>
        <td className="perm-name">
          <button
            type="button"
            className="perm-expand"
            onClick={toggle}
            aria-expanded={expanded}
            aria-controls={panelId}
            data-testid="expand-user"
            aria-label={t(expanded ? 'userPermissions.hidePermissions' : 'userPermissions.showPermissions', { name })}
          >
            <Icon name="collapse" className="perm-chevron" />
            <span className="perm-who">
              <strong>{name}</strong>
              <span className="muted small" dir="auto">
                @{user.username}
              </span>
            </span>
          </button>
        </td>
        <td className="perm-email muted" dir="auto">
          {user.email}
        </td>
        <td>
          <span className={`badge role-${user.role}`}>{t(`roles.${user.role}`)}</span>
        </td>
        <td>
          <span className={`badge ${user.active ? 'success' : ''}`}>
            {t(user.active ? 'userPermissions.active' : 'userPermissions.inactive')}
          </span>
        </td>
        <td className="perm-summary">
          <span className="perm-count">
            {t('userPermissions.grantedOf', { granted: f.number(grantedCount(grants)), total: f.number(TOTAL_ACTIONS) })}
          </span>
          <span className={`badge ${user.permissions ? 'warning' : ''}`}>
            {t(user.permissions ? 'userPermissions.custom' : 'userPermissions.roleDefaults')}
          </span>
        </td>
        <td className="perm-state">
          {dirty && (
            <span className="badge perm-unsaved" data-testid="user-unsaved">
              * {t('userPermissions.unsaved')}
            </span>
          )}
        </td>
      </tr>
      {expanded && (
        <tr className="perm-panel-row">
          <td colSpan={ROW_COLUMNS}>
            <div id={panelId} className="perm-grid" data-testid="perm-grid" data-username={user.username}>
              {PERMISSION_MODULES.map((module) => {
                const actions = MODULE_ACTIONS[module] as readonly PermissionAction[];
                const held = grants[module] as readonly string[];
                const all = held.length === actions.length;
                const moduleName = t(`userPermissions.modules.${module}`);
                return (
                  <fieldset key={module} className="perm-module" data-module={module}>
                    <legend>
                      <label className="checkbox perm-module-all">
                        <Checkbox
                          checked={all}
                          indeterminate={!all && held.length > 0}
                          onChange={() => onModule(user, module, !all)}
                          aria-label={t('userPermissions.allOfModuleLabel', { module: moduleName, name })}
                        />
                        <span>{moduleName}</span>
                      </label>
                    </legend>
                    <div className="perm-actions">
                      {actions.map((action) => {
                        const changed = isChanged(edits, user._id, module, action);
                        return (
                          <label
                            key={action}
                            className={`checkbox perm-action ${changed ? 'changed' : ''}`}
                            title={changed ? t('userPermissions.changedMark') : undefined}
                          >
                            <input
                              type="checkbox"
                              checked={held.includes(action)}
                              onChange={(e) => onAction(user, module, action, e.target.checked)}
                              data-testid={`perm-${module}-${action}`}
                              data-changed={changed ? 'true' : 'false'}
                            />
                            <span>{t(`userPermissions.actions.${action}`)}</span>
                            {changed && (
                              <span className="perm-star" aria-label={t('userPermissions.changedMark')}>
                                *
                              </span>
                            )}
                          </label>
                        );
                      })}
                    </div>
                  </fieldset>
                );
              })}
              <div className="perm-grid-foot">
                <button type="button" className="button small" onClick={() => onRoleDefaults(user)} data-testid="role-defaults">
                  {t('userPermissions.useRoleDefaults')}
                </button>
              </div>
            </div>
          </td>
        </tr>
      )}
    </>
  );
});
