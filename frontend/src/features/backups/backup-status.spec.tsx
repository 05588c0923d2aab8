import { describe, expect, it } from 'vitest';
import { configure, screen } from '@testing-library/react';
import { fakeApi, renderScreen, user } from '../../test/render.js';
import { BackupOverdueWarning, BackupStatusPanel, type BackupStatusDto } from './backup-status.js';

configure({ asyncUtilTimeout: 5000 });

const status = (over: Partial<BackupStatusDto> = {}): BackupStatusDto => ({
  managed: false,
  folder: '/media/usb/dukan',
  time: '21:00',
  lastGood: {
    takenAt: '2026-11-02T18:00:00Z',
    file: '/media/usb/dukan/dukan-shop-main-20261102T180000Z.dukanbak',
    verifiedAt: '2026-11-02T18:01:00Z',
    encrypted: true,
  },
  overdue: false,
  ...over,
});

describe('backup status', () => {
  it('shows admins the last good backup, where it is kept and when the next is taken', async () => {
    const seen = fakeApi(({ url }) => (url.pathname === '/api/backups/status' ? { body: { success: true, data: status() } } : undefined));
    renderScreen(<BackupStatusPanel />, { signedInAs: user({ role: 'admin' }) });
    expect((await screen.findByTestId('backup-last-good')).textContent).toMatch(/^Last good backup: .*2026/);
    const panel = screen.getByTestId('backup-status').textContent;
    expect(panel).toContain('Kept in /media/usb/dukan');
    expect(panel).toContain('Encrypted');
    expect(panel).toContain('every day at 21:00');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(seen.length).toBeGreaterThan(0);
  });

  it('warns admins on the dashboard after two days without a good backup, and says there is none yet', async () => {
    fakeApi(({ url }) =>
      url.pathname === '/api/backups/status' ? { body: { success: true, data: status({ lastGood: null, overdue: true }) } } : undefined,
    );
    renderScreen(
      <>
        <BackupOverdueWarning />
        <BackupStatusPanel />
      </>,
      { signedInAs: user({ role: 'admin' }) },
    );
    expect((await screen.findByTestId('backup-overdue')).textContent).toContain('No good backup for two days');
    expect(screen.getByTestId('backup-none').textContent).toBe('There is no good backup yet.');
  });

  it('asks nothing and shows nothing to a manager', async () => {
    const seen = fakeApi(() => ({ body: { success: true, data: status({ overdue: true }) } }));
    renderScreen(
      <>
        <BackupOverdueWarning />
        <BackupStatusPanel />
      </>,
      { signedInAs: user({ role: 'manager' }) },
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('backup-overdue')).toBeNull();
    expect(screen.queryByTestId('backup-status')).toBeNull();
    expect(seen.filter((r) => r.path.includes('/backups/'))).toEqual([]);
  });
});
