import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuthUserDto, Permissions, Role } from '@dukan/contracts';
import { ok, staffUser } from '../../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import UserPermissionsPage from './user-permissions-page.js';

const admin = user({ _id: 'admin-1', role: 'admin', username: 'admin', firstName: 'Aram' });

function staff(id: string, username: string, role: Role, permissions: Permissions | null = null): AuthUserDto {
  const firstName = username === 'rezan' ? 'Rezan' : 'Karwan';
  return staffUser({ _id: id, username, firstName, lastName: 'Kamal', role, permissions, createdAt: '2025-01-01T00:00:00.000Z' });
}

const rezan = staff('u-rezan', 'rezan', 'cashier');
const karwan = staff('u-karwan', 'karwan', 'manager');

function row(username: string) {
  return screen.getAllByTestId('perm-user').find((r) => r.dataset.username === username)!;
}

async function expand(username: string) {
  fireEvent.click(within(await waitFor(() => row(username))).getByTestId('expand-user'));
  return screen.getAllByTestId('perm-grid').find((g) => g.dataset.username === username)!;
}

describe('user permissions page', () => {
  it('tells a non-admin that administrator privileges are needed, and asks the server nothing', async () => {
    const calls = fakeApi(() => undefined);
    renderScreen(<UserPermissionsPage />, { signedInAs: user({ role: 'manager', permissions: { staff: ['view', 'edit'] } }) });
    expect((await screen.findByTestId('permissions-admin-only')).textContent).toContain(
      'Access Denied: You need administrator privileges to access user permissions.',
    );
    expect(await screen.findByText('Access denied. Admin privileges required.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('marks changed boxes with an asterisk, counts them, and Discard puts the saved values back', async () => {
    fakeApi(({ url }) => (url.pathname === '/api/auth/permissions' ? ok([karwan, rezan]) : undefined));
    renderScreen(<UserPermissionsPage />, { signedInAs: admin });
    const grid = await expand('rezan');
    const customersView = within(grid).getByTestId('perm-customers-view') as HTMLInputElement;
    expect(customersView.checked).toBe(true);
    expect(screen.getByTestId('perm-save')).toHaveProperty('disabled', true);

    fireEvent.click(customersView);
    fireEvent.click(within(grid).getByTestId('perm-reports-view'));
    expect(customersView.checked).toBe(false);
    expect(customersView.dataset.changed).toBe('true');
    expect(customersView.closest('label')!.textContent).toContain('*');
    expect(within(grid).getByTestId('perm-customers-create').closest('label')!.textContent).not.toContain('*');
    expect(screen.getByTestId('unsaved-count').textContent).toBe('* Unsaved changes: 2 (users: 1)');
    expect(within(row('rezan')).getByTestId('user-unsaved')).toBeTruthy();
    expect(within(row('karwan')).queryByTestId('user-unsaved')).toBeNull();

    fireEvent.click(screen.getByTestId('perm-discard'));
    expect(customersView.checked).toBe(true);
    expect((within(grid).getByTestId('perm-reports-view') as HTMLInputElement).checked).toBe(false);
    expect(customersView.closest('label')!.textContent).not.toContain('*');
    expect(screen.getByTestId('unsaved-count').textContent).toBe('');
    expect(screen.getByTestId('perm-save')).toHaveProperty('disabled', true);
  });

  it('Save sends each edited user once, with only the modules that differ from the role', async () => {
    let saved: AuthUserDto = rezan;
    const calls = fakeApi(({ method, url, body }) => {
      if (url.pathname === '/api/auth/permissions') return ok([karwan, saved]);
      if (method === 'PUT' && url.pathname === '/api/auth/users/u-rezan/permissions') {
        const permissions = (body as { permissions: Permissions }).permissions;
        saved = staff('u-rezan', 'rezan', 'cashier', permissions);
        return { body: { ...ok(saved).body, message: 'Permissions updated successfully' } };
      }
      return undefined;
    });
    renderScreen(<UserPermissionsPage />, { signedInAs: admin });
    const grid = await expand('rezan');
    fireEvent.click(within(grid).getByTestId('perm-customers-view'));
    fireEvent.click(within(grid).getByTestId('perm-reports-view'));
    fireEvent.click(screen.getByTestId('perm-save'));

    expect(await screen.findByText('Permissions updated successfully')).toBeTruthy();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]!.body).toEqual({ permissions: { customers: ['create', 'edit'], reports: ['view'] } });
    await waitFor(() => expect(screen.getByTestId('unsaved-count').textContent).toBe(''));
    // The boxes keep what was saved (the server's answer), with no asterisk left.
    const after = screen.getAllByTestId('perm-grid').find((g) => g.dataset.username === 'rezan')!;
    expect((within(after).getByTestId('perm-reports-view') as HTMLInputElement).checked).toBe(true);
    expect(within(after).getByTestId('perm-reports-view').dataset.changed).toBe('false');
    expect(within(row('rezan')).getByText('Custom')).toBeTruthy();
  });

  it('asks an admin who changed their own permissions to refresh the page', async () => {
    const self = { ...staff('admin-1', 'rezan', 'cashier') };
    fakeApi(({ method, url }) => {
      if (url.pathname === '/api/auth/permissions') return ok([self]);
      if (method === 'PUT') return ok(staff('admin-1', 'rezan', 'cashier', { staff: ['view'] }));
      return undefined;
    });
    renderScreen(<UserPermissionsPage />, { signedInAs: admin });
    const grid = await expand('rezan');
    fireEvent.click(within(grid).getByTestId('perm-staff-view'));
    fireEvent.click(screen.getByTestId('perm-save'));
    expect(await screen.findByText('You changed your own permissions. Please refresh the page to apply them.')).toBeTruthy();
  });

  it('does not ask to refresh when only other users changed', async () => {
    fakeApi(({ method, url }) => {
      if (url.pathname === '/api/auth/permissions') return ok([rezan]);
      if (method === 'PUT') return ok(staff('u-rezan', 'rezan', 'cashier', { staff: ['view'] }));
      return undefined;
    });
    renderScreen(<UserPermissionsPage />, { signedInAs: admin });
    const grid = await expand('rezan');
    fireEvent.click(within(grid).getByTestId('perm-staff-view'));
    fireEvent.click(screen.getByTestId('perm-save'));
    await screen.findByText('Permissions updated successfully');
    expect(screen.queryByText('You changed your own permissions. Please refresh the page to apply them.')).toBeNull();
  });

  it('asks before leaving with unsaved changes, and stays when told to', async () => {
    fakeApi(({ url }) => (url.pathname === '/api/auth/permissions' ? ok([rezan]) : undefined));
    const { router } = renderScreen(null, {
      signedInAs: admin,
      path: '/settings/users',
      routes: [
        { path: '/settings/users', element: <UserPermissionsPage /> },
        { path: '/staff', element: <p>staff page</p> },
      ],
    });
    const grid = await expand('rezan');
    fireEvent.click(within(grid).getByTestId('perm-staff-view'));
    void router.navigate('/staff');
    const dialog = await screen.findByTestId('leave-dialog');
    expect(dialog.textContent).toContain('Your permission changes are not saved.');
    fireEvent.click(within(dialog).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('leave-dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/settings/users');
    expect(screen.getByTestId('unsaved-count').textContent).toBe('* Unsaved changes: 1 (users: 1)');

    void router.navigate('/staff');
    fireEvent.click(within(await screen.findByTestId('leave-dialog')).getByTestId('confirm'));
    expect(await screen.findByText('staff page')).toBeTruthy();
  });

  it('keeps the changes and says so when saving fails', async () => {
    fakeApi(({ method, url }) => {
      if (url.pathname === '/api/auth/permissions') return ok([rezan]);
      if (method === 'PUT') return { status: 422, body: {} };
      return undefined;
    });
    renderScreen(<UserPermissionsPage />, { signedInAs: admin });
    const grid = await expand('rezan');
    fireEvent.click(within(grid).getByTestId('perm-staff-view'));
    fireEvent.click(screen.getByTestId('perm-save'));
    expect(await screen.findByText('Failed to update permissions')).toBeTruthy();
    expect(screen.getByTestId('unsaved-count').textContent).toBe('* Unsaved changes: 1 (users: 1)');
  });

  it('applies a chosen role to the selected users; the button waits for a role', async () => {
    const calls = fakeApi(({ method, url }) => {
      if (url.pathname === '/api/auth/permissions') return ok([karwan, rezan]);
      if (method === 'POST' && url.pathname === '/api/auth/permissions/apply-role') return ok({ updated: 2 });
      return undefined;
    });
    renderScreen(<UserPermissionsPage />, { signedInAs: admin });
    await waitFor(() => row('rezan'));
    expect(screen.getByTestId('apply-role-open')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByTestId('select-all'));
    expect(screen.getByTestId('selected-count').textContent).toBe('Selected: 2');
    fireEvent.click(screen.getByTestId('apply-role-open'));
    const dialog = screen.getByTestId('apply-role-dialog');
    expect(within(dialog).getByTestId('apply-role-confirm')).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByTestId('apply-role-select'), { target: { value: 'manager' } });
    fireEvent.click(within(dialog).getByTestId('apply-role-confirm'));

    expect(await screen.findByText('Applied Manager permissions to 2 user(s)')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ role: 'manager', userIds: ['u-karwan', 'u-rezan'] });
    await waitFor(() => expect(screen.queryByTestId('apply-role-dialog')).toBeNull());
    expect(screen.getByTestId('selected-count').textContent).toBe('Selected: 0');
  });

  it("shows the server's refusal inside the Apply Role dialog", async () => {
    fakeApi(({ method, url }) => {
      if (url.pathname === '/api/auth/permissions') return ok([rezan]);
      if (method === 'POST') return { status: 400, body: {} };
      return undefined;
    });
    renderScreen(<UserPermissionsPage />, { signedInAs: admin });
    fireEvent.click(within(await waitFor(() => row('rezan'))).getByTestId('select-user'));
    fireEvent.click(screen.getByTestId('apply-role-open'));
    fireEvent.change(screen.getByTestId('apply-role-select'), { target: { value: 'cashier' } });
    fireEvent.click(screen.getByTestId('apply-role-confirm'));
    expect((await screen.findByTestId('apply-role-error')).textContent).toBe('Failed to apply role permissions');
  });

  it('sends search, role and status to the server, and says when nothing matches', async () => {
    const calls = fakeApi(({ url }) =>
      url.pathname === '/api/auth/permissions' ? ok(url.searchParams.get('search') ? [] : [rezan]) : undefined,
    );
    renderScreen(<UserPermissionsPage />, { signedInAs: admin });
    await waitFor(() => row('rezan'));
    fireEvent.change(screen.getByTestId('perm-role-filter'), { target: { value: 'cashier' } });
    fireEvent.change(screen.getByTestId('perm-status-filter'), { target: { value: 'false' } });
    fireEvent.change(screen.getByTestId('perm-search'), { target: { value: 'nobody' } });
    expect((await screen.findByTestId('perm-empty')).textContent).toBe('No users match your search or filters.');
    expect(calls.at(-1)!.path).toBe('/api/auth/permissions?search=nobody&role=cashier&active=false');
  });

  it('without any staff, points to the Staff page', async () => {
    fakeApi(({ url }) => (url.pathname === '/api/auth/permissions' ? ok([]) : undefined));
    renderScreen(<UserPermissionsPage />, { signedInAs: admin });
    const empty = await screen.findByTestId('perm-empty');
    expect(within(empty).getByRole('link', { name: 'Go to Staff' }).getAttribute('href')).toBe('/staff');
  });

  it('shows a failed list with a retry that asks again', async () => {
    let fail = true;
    const calls = fakeApi(({ url }) => {
      if (url.pathname !== '/api/auth/permissions') return undefined;
      return fail ? { status: 403, body: {} } : ok([rezan]);
    });
    renderScreen(<UserPermissionsPage />, { signedInAs: admin });
    const panel = await screen.findByTestId('error-panel');
    expect(panel.textContent).toContain('Failed to fetch users');
    fail = false;
    fireEvent.click(within(panel).getByRole('button'));
    await waitFor(() => row('rezan'));
    expect(calls.length).toBeGreaterThanOrEqual(2);
  });

  it('is in Kurdish with Kurdish numbers when the interface is', async () => {
    fakeApi(({ url }) => (url.pathname === '/api/auth/permissions' ? ok([rezan]) : undefined));
    renderScreen(<UserPermissionsPage />, { signedInAs: admin, language: 'ku' });
    const grid = await expand('rezan');
    fireEvent.click(within(grid).getByTestId('perm-customers-view'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('مۆڵەتەکانی بەکارهێنەران');
    expect(screen.getByTestId('unsaved-count').textContent).toMatch(/^\* گۆڕانکاریی پاشەکەوت نەکراو: ١ /);
    expect(within(grid).getByText('کڕیاران')).toBeTruthy();
  });
});
