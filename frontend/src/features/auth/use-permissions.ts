import { can, canAccessPage, type PermissionAction, type PermissionModule } from '@dukan/contracts';
import { useAppSelector } from '../../app/hooks.js';

export function useCurrentUser() {
  return useAppSelector((s) => s.auth.user);
}

/** Whether the signed-in user may do `action` in `module` (admin passes all). */
export function useCan(module: PermissionModule, action: PermissionAction): boolean {
  const user = useCurrentUser();
  return can(user, module, action);
}

export function useCanAccessPage(page: string | null): boolean {
  const user = useCurrentUser();
  return page === null ? true : canAccessPage(user, page);
}
