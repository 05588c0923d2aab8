import { describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BranchDto } from '@dukan/contracts';
import { branch, ok, refusal } from '../../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import { BranchSettingsPage } from './branch-settings-page.js';

// Two shared cores under several engineers' test runs: give the screen time to answer.
configure({ asyncUtilTimeout: 5000 });

function server(initial: BranchDto[]) {
  const branches = initial.map((b) => ({ ...b }));
  return fakeApi(({ url, method, body }) => {
    if (!url.pathname.startsWith('/api/settings/branches')) return undefined;
    const [, , , , id, sub] = url.pathname.split('/');
    if (method === 'POST') {
      const b = body as { _id: string; name: string; registers: string[] };
      if (branches.some((x) => x._id === b._id)) return refusal(409, 'CONFLICT', 'A branch with this code already exists');
      branches.push({ ...b, active: true });
      return { status: 201, ...ok(branches.at(-1)!) };
    }
    if (method === 'PUT') {
      const i = branches.findIndex((x) => x._id === decodeURIComponent(id!));
      branches[i] =
        sub === 'registers'
          ? { ...branches[i]!, registers: (body as { registers: string[] }).registers }
          : { ...branches[i]!, ...(body as Partial<BranchDto>) };
      return ok(branches[i]!);
    }
    return ok(branches);
  });
}

const main = branch({ _id: 'main', name: 'Main' });

describe('branch settings', () => {
  it('shows a single shop its one branch, which cannot be deactivated', async () => {
    server([main]);
    renderScreen(<BranchSettingsPage />, { signedInAs: user({ role: 'admin' }) });
    const rows = await screen.findAllByTestId('branch-row');
    expect(rows.map((r) => r.dataset.branch)).toEqual(['main']);
    expect(screen.getByText('This shop has one branch. Add another to sell from several places.')).toBeTruthy();
    expect((within(rows[0]!).getByTestId('branch-toggle') as HTMLButtonElement).disabled).toBe(true);
  });

  it('creates a branch with its registers, and shows the server refusal of a taken code', async () => {
    const calls = server([main]);
    renderScreen(<BranchSettingsPage />, { signedInAs: user({ role: 'admin' }) });
    await screen.findAllByTestId('branch-row');
    fireEvent.change(within(screen.getByTestId('branch-create-form')).getByLabelText('Code'), { target: { value: 'erbil-2' } });
    fireEvent.change(within(screen.getByTestId('branch-create-form')).getByLabelText('Name'), { target: { value: 'Erbil 2' } });
    fireEvent.change(within(screen.getByTestId('branch-create-form')).getByLabelText('Registers'), { target: { value: 'r1, r2' } });
    fireEvent.click(screen.getByTestId('branch-create'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ _id: 'erbil-2', name: 'Erbil 2', registers: ['r1', 'r2'] }),
    );
    await waitFor(() => expect(screen.getAllByTestId('branch-row').map((r) => r.dataset.branch)).toEqual(['main', 'erbil-2']));

    fireEvent.change(within(screen.getByTestId('branch-create-form')).getByLabelText('Code'), { target: { value: 'main' } });
    fireEvent.change(within(screen.getByTestId('branch-create-form')).getByLabelText('Name'), { target: { value: 'Again' } });
    fireEvent.click(screen.getByTestId('branch-create'));
    expect((await screen.findByTestId('branch-create-error')).textContent).toBe('A branch with this code already exists');
  });

  it('refuses a code with spaces before asking the server', async () => {
    const calls = server([main]);
    renderScreen(<BranchSettingsPage />, { signedInAs: user({ role: 'admin' }) });
    await screen.findAllByTestId('branch-row');
    fireEvent.change(within(screen.getByTestId('branch-create-form')).getByLabelText('Code'), { target: { value: 'two words' } });
    fireEvent.change(within(screen.getByTestId('branch-create-form')).getByLabelText('Name'), { target: { value: 'X' } });
    fireEvent.click(screen.getByTestId('branch-create'));
    expect((await screen.findByTestId('branch-create-error')).textContent).toBe(
      'Use letters, digits, dots, dashes or underscores (up to 40)',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('deactivates a second branch and replaces its registers', async () => {
    const calls = server([main, branch({ _id: 'duhok', name: 'Duhok' })]);
    renderScreen(<BranchSettingsPage />, { signedInAs: user({ role: 'admin' }) });
    const row = () => screen.getAllByTestId('branch-row').find((r) => r.dataset.branch === 'duhok')!;
    await screen.findAllByTestId('branch-row');
    fireEvent.click(within(row()).getByTestId('branch-toggle'));
    await waitFor(() => expect(within(row()).getByTestId('branch-status').textContent).toBe('Inactive'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ active: false });
    fireEvent.change(within(row()).getByTestId('branch-registers'), { target: { value: 'main, till-2' } });
    fireEvent.click(within(row()).getByText('Save registers'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ registers: ['main', 'till-2'] }));
  });

  it('speaks Kurdish', async () => {
    server([main]);
    renderScreen(<BranchSettingsPage />, { signedInAs: user({ role: 'admin' }), language: 'ku' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('لق و قاسەکان');
  });
});
