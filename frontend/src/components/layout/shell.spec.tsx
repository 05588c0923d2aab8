import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { branch, me, ok } from '../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../test/render.js';
import { routes } from '../../app/router.js';
import type { SignedInUser } from '../../features/auth/index.js';

function meReturns(u: SignedInUser) {
  return fakeApi(({ url }) => {
    if (url.pathname === '/api/auth/me') return me(u);
    if (url.pathname === '/api/dashboard') return { body: { success: true, data: null } };
    return undefined;
  });
}

async function navLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);
}

describe('sidebar', () => {
  it('shows a cashier no staff, reports or settings links', async () => {
    const cashier = user({ role: 'cashier' });
    meReturns(cashier);
    renderScreen(null, { signedInAs: cashier, routes, path: '/pos-nothing' });
    expect(await navLinks()).toEqual(['Dashboard', 'Point of Sale', 'Inventory', 'Customers', 'Expenses']);
    expect(screen.getByTestId('user-badge').textContent).toContain('Cashier');
  });

  it('shows an admin every link', async () => {
    const admin = user({ role: 'admin' });
    meReturns(admin);
    renderScreen(null, { signedInAs: admin, routes, path: '/nowhere' });
    expect(await navLinks()).toEqual([
      'Dashboard',
      'Point of Sale',
      'Inventory',
      'Purchases',
      'Customers',
      'Staff',
      'Reports',
      'Expenses',
      'Settings',
    ]);
  });

  it('follows a per-user override that removes reports from a manager', async () => {
    const manager = user({ role: 'manager', permissions: { reports: [] } });
    meReturns(manager);
    renderScreen(null, { signedInAs: manager, routes, path: '/nowhere' });
    const links = await navLinks();
    expect(links).toContain('Staff');
    expect(links).not.toContain('Reports');
  });
});

describe('page guard', () => {
  it('shows Access Restricted to a cashier who opens /staff', async () => {
    const cashier = user({ role: 'cashier' });
    meReturns(cashier);
    renderScreen(null, { signedInAs: cashier, routes, path: '/staff' });
    expect(await screen.findByText('Access Restricted')).toBeTruthy();
    expect(screen.getByText("You don't have permission to access this feature.")).toBeTruthy();
  });

  it('shows the 404 page for an unknown path', async () => {
    meReturns(user());
    renderScreen(null, { routes, path: '/no/such/page' });
    expect(await screen.findByText("The page you are looking for doesn't exist or has been moved.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Homepage' }).getAttribute('href')).toBe('/');
  });

  it('sends a signed-out visitor to the sign-in page', async () => {
    fakeApi(() => undefined);
    const { router } = renderScreen(null, { signedInAs: null, routes, path: '/pos' });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('permission refresh', () => {
  it("tells the user when the server's permissions differ from the ones on screen", async () => {
    const before = user({ role: 'cashier' });
    meReturns({ ...before, permissions: { pos: ['use', 'discount'] } });
    renderScreen(null, { signedInAs: before, routes, path: '/nowhere' });
    expect(await screen.findByText('Your permissions have been updated. Some features may now be available or restricted.')).toBeTruthy();
  });

  it('stays quiet when nothing changed', async () => {
    const same = user({ role: 'cashier' });
    const calls = meReturns(same);
    renderScreen(null, { signedInAs: same, routes, path: '/nowhere' });
    await screen.findByTestId('not-found');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/me')).toBe(true));
    await new Promise((r) => setTimeout(r, 50)); // a moment for a notice that should not come
    expect(screen.queryByText(/permissions have been updated/)).toBeNull();
  });
});

describe('branch picker', () => {
  const branches = [
    branch({ _id: 'main', name: 'Main' }),
    branch({ _id: 'b', name: 'Branch B', registers: ['r1', 'r2'] }),
    branch({ _id: 'c', name: 'Branch C' }),
  ];
  function shop(u: SignedInUser, list = branches) {
    return fakeApi(({ url }) => {
      if (url.pathname === '/api/auth/me') return me(u);
      if (url.pathname === '/api/settings/branches') return ok(list);
      if (url.pathname === '/api/dashboard') return { body: { success: true, data: null } };
      return undefined;
    });
  }

  it('is not shown in a single shop, and no branch header is sent', async () => {
    const admin = user({ role: 'admin' });
    const calls = shop(admin, [branches[0]!]);
    renderScreen(null, { signedInAs: admin, routes, path: '/nowhere' });
    await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/settings/branches')).toBe(true));
    expect(screen.queryByTestId('branch-picker')).toBeNull();
    expect(calls.every((c) => !c.headers.has('x-dukan-branch'))).toBe(true);
  });

  it('is not shown to a cashier with one branch of one register', async () => {
    const cashier = user({ role: 'cashier', homeBranch: 'c', branches: ['c'] });
    const calls = shop(cashier);
    renderScreen(null, { signedInAs: cashier, routes, path: '/nowhere' });
    await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/settings/branches')).toBe(true));
    expect(screen.queryByTestId('branch-picker')).toBeNull();
  });

  it('offers the registers of a single shop with two tills, without binding the device to a branch', async () => {
    const cashier = user({ role: 'cashier' });
    const calls = shop(cashier, [branch({ _id: 'main', name: 'Main', registers: ['main', 'till-2'] })]);
    renderScreen(null, { signedInAs: cashier, routes, path: '/nowhere' });
    const select = (await screen.findByTestId('register-select')) as HTMLSelectElement;
    expect(screen.queryByTestId('branch-select')).toBeNull();
    expect([...select.options].map((o) => o.value)).toEqual(['main', 'till-2']);
    expect(select.value).toBe('main');
    fireEvent.change(select, { target: { value: 'till-2' } });
    expect(localStorage.getItem('register')).toBe('till-2');
    expect(localStorage.getItem('dukan.branch')).toBeNull();
    expect(calls.every((c) => !c.headers.has('x-dukan-branch'))).toBe(true);
  });

  it('offers a cashier their branches, starting at home; a choice is kept on the device and sent with every call', async () => {
    const cashier = user({ role: 'cashier', homeBranch: 'c', branches: ['b', 'c'] });
    const calls = shop(cashier);
    renderScreen(null, { signedInAs: cashier, routes, path: '/nowhere' });
    const select = (await screen.findByTestId('branch-select')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Branch B', 'Branch C']);
    expect(select.value).toBe('c');
    fireEvent.change(select, { target: { value: 'b' } });
    expect(localStorage.getItem('dukan.branch')).toBe('b');
    // B has no register 'main': the till takes B's first.
    expect(localStorage.getItem('register')).toBe('r1');
    await waitFor(() => expect(calls.at(-1)!.headers.get('x-dukan-branch')).toBe('b'));
    expect(((await screen.findByTestId('register-select')) as HTMLSelectElement).value).toBe('r1');
  });

  it('lets go of a branch the signed-in user may not use (another user bound this device)', async () => {
    localStorage.setItem('dukan.branch', 'b');
    const cashier = user({ role: 'cashier', homeBranch: 'c', branches: ['c'] });
    shop(cashier);
    renderScreen(null, { signedInAs: cashier, routes, path: '/nowhere' });
    await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(localStorage.getItem('dukan.branch')).toBeNull());
  });

  it('lets go of a branch since deactivated, so the calls name the branch the picker shows', async () => {
    localStorage.setItem('dukan.branch', 'old');
    const admin = user({ role: 'admin' });
    const calls = shop(admin, [...branches, { _id: 'old', name: 'Old', registers: ['main'], active: false }]);
    renderScreen(null, { signedInAs: admin, routes, path: '/nowhere' });
    expect(((await screen.findByTestId('branch-select')) as HTMLSelectElement).value).toBe('main');
    await waitFor(() => expect(localStorage.getItem('dukan.branch')).toBeNull());
    await waitFor(() => expect(calls.at(-1)!.headers.has('x-dukan-branch')).toBe(false));
  });
});
