import { describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuthUserDto, Pagination } from '@dukan/contracts';
import { branch, ok, okPaged, refusal, staffUser as makeStaffUser } from '../../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import { StaffPage } from './staff-page.js';

// Two shared cores under several engineers' test runs: give the screen time to answer.
configure({ asyncUtilTimeout: 5000 });

const admin = user({ _id: 'a1', username: 'admin', firstName: 'Admin', lastName: 'User', role: 'admin' });

/** Rezan, a cashier, unless told otherwise. */
function staffUser(over: Partial<AuthUserDto> = {}): AuthUserDto {
  return makeStaffUser({
    _id: 'u2',
    username: 'rezan',
    firstName: 'Rezan',
    lastName: 'Kamal',
    email: 'rezan@example.com',
    phone: '07501234567',
    createdAt: '2026-01-01T00:00:00Z',
    ...over,
  });
}

const page = (data: AuthUserDto[], pagination: Partial<Pagination> = { limit: 10 }) => okPaged(data, pagination);
const saved = (body: unknown) => ok({ ...staffUser(), ...(body as Partial<AuthUserDto>) });

describe('staff screen', () => {
  it("lists users with role, status and 'Never' for one who never signed in, and a formatted last login", async () => {
    fakeApi(({ url }) =>
      url.pathname === '/api/auth/users'
        ? page([
            staffUser(),
            staffUser({
              _id: 'u3',
              username: 'karwan',
              firstName: 'Karwan',
              role: 'manager',
              active: false,
              lastLogin: '2026-01-05T09:30:00Z',
            }),
          ])
        : undefined,
    );
    renderScreen(<StaffPage />, { signedInAs: admin });
    const rows = await screen.findAllByTestId('staff-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('last-login').textContent).toBe('Never');
    expect(within(rows[0]!).getByText('Cashier')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('user-status').textContent).toBe('Active');
    expect(within(rows[1]!).getByTestId('user-status').textContent).toBe('Inactive');
    expect(within(rows[1]!).getByTestId('last-login').textContent).toMatch(/Jan 05, 2026/);
    // One page: no page buttons.
    expect(screen.queryByRole('navigation', { name: 'Staff' })).toBeNull();
  });

  it('sends the search, role and status with the search button, back on page 1', async () => {
    const calls = fakeApi(({ url }) =>
      url.pathname === '/api/auth/users'
        ? page([staffUser()], { total: 25, page: Number(url.searchParams.get('page')), limit: 10, pages: 3 })
        : undefined,
    );
    renderScreen(<StaffPage />, { signedInAs: admin });
    await screen.findAllByTestId('staff-row');
    const nav = screen.getByRole('navigation', { name: 'Staff' });
    fireEvent.click(within(nav).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(calls.at(-1)!.path).toBe('/api/auth/users?page=2'));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'rez' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'cashier' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'false' } });
    expect(calls.at(-1)!.path).toBe('/api/auth/users?page=2');
    fireEvent.click(screen.getByTestId('staff-search'));
    await waitFor(() => expect(calls.at(-1)!.path).toBe('/api/auth/users?page=1&search=rez&role=cashier&active=false'));
  });

  it('edits a user without sending a password when the field is left blank', async () => {
    const calls = fakeApi(({ url, method, body }) => {
      if (url.pathname === '/api/auth/users' && method === 'GET') return page([staffUser()]);
      if (url.pathname === '/api/auth/users/u2' && method === 'PUT') return saved(body);
      return undefined;
    });
    renderScreen(<StaffPage />, { signedInAs: admin });
    fireEvent.click(await screen.findByTestId('edit-user'));
    const form = screen.getByTestId('user-form');
    expect((within(form).getByLabelText('Username') as HTMLInputElement).value).toBe('rezan');
    fireEvent.change(within(form).getByLabelText('First name'), { target: { value: 'Rezhin' } });
    fireEvent.click(within(form).getByTestId('user-form-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ firstName: 'Rezhin', username: 'rezan' });
    expect(put.body).not.toHaveProperty('password');
    await waitFor(() => expect(screen.queryByTestId('user-form')).toBeNull());
  });

  it('shows the rules on create before calling the server, and the server message when it refuses', async () => {
    const calls = fakeApi(({ url, method }) => {
      if (url.pathname === '/api/auth/users') return page([]);
      if (url.pathname === '/api/auth/register' && method === 'POST')
        return refusal(409, 'DUPLICATE_USERNAME', 'Username already exists', { username: 'Username already exists' });
      return undefined;
    });
    renderScreen(<StaffPage />, { signedInAs: admin });
    expect((await screen.findByTestId('staff-empty')).textContent).toBe('No users yet. Add your first staff member.');
    fireEvent.click(screen.getByTestId('add-user'));
    const form = screen.getByTestId('user-form');
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'nope' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: '123' } });
    fireEvent.click(within(form).getByTestId('user-form-submit'));
    expect(within(form).getByTestId('error-username').textContent).toBe('This field is required');
    expect(within(form).getByTestId('error-email').textContent).toBe('Please enter a valid email address');
    expect(within(form).getByTestId('error-password').textContent).toBe('Password must be at least 6 characters');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    for (const [label, value] of [
      ['First name', 'Rezan'],
      ['Last name', 'Kamal'],
      ['Username', 'rezan'],
      ['Email', 'r@example.com'],
      ['Password', 'secret1'],
    ]) {
      fireEvent.change(within(form).getByLabelText(label!), { target: { value } });
    }
    fireEvent.click(within(form).getByTestId('user-form-submit'));
    expect((await within(form).findByTestId('user-form-error')).textContent).toBe('Username already exists');
    expect(within(form).getByTestId('error-username').textContent).toBe('Username already exists');
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ role: 'cashier', active: true, password: 'secret1' });
  });

  it('keeps the reset confirm disabled below 6 characters and sends newPassword', async () => {
    const calls = fakeApi(({ url, method }) => {
      if (url.pathname === '/api/auth/users') return page([staffUser()]);
      if (url.pathname === '/api/auth/users/u2/reset-password' && method === 'PUT')
        return { body: { success: true, message: 'Password reset' } };
      return undefined;
    });
    renderScreen(<StaffPage />, { signedInAs: admin });
    fireEvent.click(await screen.findByTestId('reset-password'));
    const dialog = screen.getByTestId('reset-password-dialog');
    const confirm = within(dialog).getByTestId('reset-password-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: '12345' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: '123456' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ newPassword: '123456' }));
    expect(await screen.findByText('Password of Rezan Kamal reset')).toBeTruthy();
  });

  it('asks before deleting and shows the fallback text when the delete fails without a message', async () => {
    fakeApi(({ url, method }) => {
      if (url.pathname === '/api/auth/users') return page([staffUser()]);
      if (url.pathname === '/api/auth/users/u2' && method === 'DELETE') return { status: 422, body: {} };
      return undefined;
    });
    renderScreen(<StaffPage />, { signedInAs: admin });
    fireEvent.click(await screen.findByTestId('delete-user'));
    const dialog = screen.getByTestId('delete-user-dialog');
    expect(dialog.textContent).toContain('Are you sure you want to delete Rezan Kamal (rezan)?');
    fireEvent.click(within(dialog).getByTestId('confirm'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('failed to delete user');
  });

  it('offers a manager with staff rights only the cashiers, and only the cashier role', async () => {
    fakeApi(({ url }) =>
      url.pathname === '/api/auth/users'
        ? page([
            staffUser(),
            staffUser({ _id: 'u3', username: 'karwan', role: 'manager' }),
            staffUser({ _id: 'a1', username: 'admin', role: 'admin' }),
          ])
        : undefined,
    );
    renderScreen(<StaffPage />, {
      signedInAs: user({ _id: 'm1', role: 'manager', permissions: { staff: ['view', 'create', 'edit', 'delete'] } }),
    });
    const rows = await screen.findAllByTestId('staff-row');
    const actions = rows.map((r) => [
      r.dataset.username,
      ['edit-user', 'reset-password', 'delete-user'].filter((id) => within(r).queryByTestId(id)).length,
    ]);
    expect(actions).toEqual([
      ['rezan', 3],
      ['karwan', 0],
      ['admin', 0],
    ]);
    fireEvent.click(screen.getByTestId('add-user'));
    const roles = [...(within(screen.getByTestId('user-form')).getByLabelText('Role') as HTMLSelectElement).options].map((o) => o.value);
    expect(roles).toEqual(['cashier']);
  });

  it('shows a manager (staff view only) the list without add, edit, reset or delete', async () => {
    fakeApi(({ url }) => (url.pathname === '/api/auth/users' ? page([staffUser()]) : undefined));
    renderScreen(<StaffPage />, { signedInAs: user({ role: 'manager' }) });
    await screen.findAllByTestId('staff-row');
    for (const id of ['add-user', 'edit-user', 'reset-password', 'delete-user']) expect(screen.queryByTestId(id)).toBeNull();
  });

  it("shows 'failed to fetch users' with a retry when the list cannot load", async () => {
    fakeApi(({ url }) => (url.pathname === '/api/auth/users' ? { status: 400, body: {} } : undefined));
    renderScreen(<StaffPage />, { signedInAs: admin });
    expect((await screen.findByTestId('error-panel')).textContent).toContain('failed to fetch users');
  });

  it('speaks Kurdish', async () => {
    fakeApi(({ url }) => (url.pathname === '/api/auth/users' ? page([staffUser()]) : undefined));
    renderScreen(<StaffPage />, { signedInAs: admin, language: 'ku' });
    const row = await screen.findByTestId('staff-row');
    expect(within(row).getByTestId('last-login').textContent).toBe('هەرگیز');
    expect(within(row).getByText('کاشێر')).toBeTruthy();
  });

  describe('branches on the staff form', () => {
    const branches = (list: { _id: string; name: string; active?: boolean }[]) => ok(list.map(branch));

    it('are not shown in a shop with one branch, and an edit sends none', async () => {
      const calls = fakeApi(({ url, method, body }) => {
        if (url.pathname === '/api/settings/branches')
          return branches([
            { _id: 'main', name: 'Main' },
            { _id: 'old', name: 'Old', active: false },
          ]);
        if (url.pathname === '/api/auth/users' && method === 'GET') return page([staffUser()]);
        if (url.pathname === '/api/auth/users/u2' && method === 'PUT') return saved(body);
        return undefined;
      });
      renderScreen(<StaffPage />, { signedInAs: admin });
      fireEvent.click(await screen.findByTestId('edit-user'));
      await waitFor(() => expect(calls.some((c) => c.path === '/api/settings/branches')).toBe(true));
      const form = screen.getByTestId('user-form');
      expect(within(form).queryByTestId('user-branches')).toBeNull();
      fireEvent.click(within(form).getByTestId('user-form-submit'));
      await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
      expect(calls.find((c) => c.method === 'PUT')!.body).not.toHaveProperty('branches');
    });

    it('let an admin give a cashier a second branch and a new home branch', async () => {
      const calls = fakeApi(({ url, method, body }) => {
        if (url.pathname === '/api/settings/branches')
          return branches([
            { _id: 'main', name: 'Main' },
            { _id: 'erbil', name: 'Erbil' },
            { _id: 'duhok', name: 'Duhok' },
          ]);
        if (url.pathname === '/api/auth/users' && method === 'GET') return page([staffUser({ homeBranch: 'main', branches: ['main'] })]);
        if (url.pathname === '/api/auth/users/u2' && method === 'PUT') return saved(body);
        return undefined;
      });
      renderScreen(<StaffPage />, { signedInAs: admin });
      fireEvent.click(await screen.findByTestId('edit-user'));
      const fieldset = await screen.findByTestId('user-branches');
      expect(within(fieldset).getByText('Branches this user may work in')).toBeTruthy();
      expect((within(fieldset).getByLabelText('Main') as HTMLInputElement).checked).toBe(true);
      fireEvent.click(within(fieldset).getByLabelText('Erbil'));
      fireEvent.change(within(fieldset).getByLabelText('Home branch'), { target: { value: 'erbil' } });
      fireEvent.click(within(screen.getByTestId('user-form')).getByTestId('user-form-submit'));
      await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
      expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ homeBranch: 'erbil', branches: ['main', 'erbil'] });
    });

    it('are not offered to a manager editing staff', async () => {
      const calls = fakeApi(({ url }) => {
        if (url.pathname === '/api/settings/branches')
          return branches([
            { _id: 'main', name: 'Main' },
            { _id: 'erbil', name: 'Erbil' },
          ]);
        if (url.pathname === '/api/auth/users') return page([staffUser()]);
        return undefined;
      });
      renderScreen(<StaffPage />, { signedInAs: user({ _id: 'm1', role: 'manager', permissions: { staff: ['view', 'create', 'edit'] } }) });
      fireEvent.click(await screen.findByTestId('edit-user'));
      expect(within(screen.getByTestId('user-form')).queryByTestId('user-branches')).toBeNull();
      expect(calls.some((c) => c.path === '/api/settings/branches')).toBe(false);
    });
  });
});
