import type { AuthUserDto } from '@dukan/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { canManageRole, ROLES, type Role } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { useServerForm } from '../../../components/ui/use-server-form.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useCurrentUser } from '../../auth/index.js';
import { useBranchesQuery } from '../../settings/index.js';
import { useStaffAddUserMutation, useStaffUpdateUserMutation } from '../api/staff-api.js';
import {
  branchChoiceFrom,
  emptyUserForm,
  userFormFrom,
  userPayload,
  validateUserForm,
  type BranchChoice,
  type UserFormErrors,
  type UserFormValues,
} from '../lib/user-form.js';

/**
 * The staff account form's state: the values, the form's own and the server's errors (each clearing when its field
 * is edited), the roles the signed-in user may give, the branches an admin may give, and the save.
 */
export function useUserForm(user: AuthUserDto | null, onSaved: () => void) {
  const { t } = useTranslation();
  const toast = useToast();
  const me = useCurrentUser();
  const mode = user ? 'edit' : 'create';
  const [values, setValues] = useState<UserFormValues>(() => (user ? userFormFrom(user) : emptyUserForm()));
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const { formError, setFormError, fieldErrors } = useServerForm();
  const [addUser, addState] = useStaffAddUserMutation();
  const [updateUser, updateState] = useStaffUpdateUserMutation();
  const busy = addState.isLoading || updateState.isLoading;
  // Branches are an admin's to give, and only worth showing when the shop has more than one.
  const isAdmin = me?.role === 'admin';
  const { data: allBranches } = useBranchesQuery(undefined, { skip: !isAdmin });
  const activeBranches = (allBranches ?? []).filter((b) => b.active);
  const showBranches = isAdmin && activeBranches.length > 1;
  const [branchChoice, setBranchChoice] = useState<BranchChoice | null>(null);
  const choice =
    branchChoice ??
    branchChoiceFrom(
      user,
      activeBranches.map((b) => b._id),
    );
  // Only roles below one's own, an admin's any (the server checks it too); nobody changes their own role.
  const self = user !== null && user._id === me?._id;
  const roles: readonly Role[] = self && user ? [user.role] : ROLES.filter((r) => !!me && canManageRole(me.role, r));

  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // An error clears when its field is edited.
    setErrors((e) => ({ ...e, [key]: undefined }));
    setServerErrors((e) => {
      const { [key]: _gone, ...rest } = e;
      void _gone;
      return rest;
    });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateUserForm(values, mode);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    // Sent only when the admin touched them, so an unrelated edit never moves anyone's branches.
    const body = {
      ...userPayload(values, mode),
      ...(showBranches &&
        branchChoice && {
          homeBranch: branchChoice.homeBranch,
          branches: values.role === 'admin' ? [branchChoice.homeBranch] : branchChoice.branches,
        }),
    };
    const name = `${body.firstName} ${body.lastName}`;
    try {
      if (user) await updateUser({ id: user._id, body }).unwrap();
      else await addUser({ ...body, password: values.password }).unwrap(); // a new user's password is checked above
      toast.success(t(user ? 'staff.form.updated' : 'staff.form.added', { name }));
      onSaved();
    } catch (err) {
      setServerErrors(fieldErrors(err));
      setFormError(errorText(err, t(user ? 'staff.form.updateFailed' : 'staff.form.addFailed')));
    }
  };

  return {
    mode,
    values,
    set,
    errors,
    serverErrors,
    formError,
    busy,
    self,
    // One's own account stays active.
    activeLocked: user?._id === me?._id,
    roles,
    branches: { show: showBranches, active: activeBranches, choice, choose: setBranchChoice },
    submit,
  };
}
