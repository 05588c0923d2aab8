import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen, user } from '../../../test/render.js';
import type { BackupSettingsChoice, DesktopBridge, RestoreSummary, ShellBackupStatus } from '../../../app/desktop.js';
import { DesktopBackups } from './desktop-backups.js';

const admin = user({ role: 'admin', username: 'owner' });

/** The shell's backups as the bridge answers them, recording what the panel asks. */
function shellBackups(over: Partial<ShellBackupStatus> = {}) {
  const status: ShellBackupStatus = {
    state: 'idle',
    folder: '/media/usb/dukan',
    time: '21:00',
    lastGood: { takenAt: '2026-11-02T18:00:00.000Z', file: '/media/usb/dukan/dukan-dilan-main-20261102T180000Z.dukanbak' },
    overdue: false,
    failures: 0,
    lastError: null,
    nextAttemptAt: null,
    encrypted: false,
    backups: [
      {
        file: '/media/usb/dukan/dukan-dilan-main-20261103T180000Z.dukanbak',
        name: 'dukan-dilan-main-20261103T180000Z.dukanbak',
        takenAt: '2026-11-03T18:00:00.000Z',
        bytes: 10,
        good: false,
        encrypted: null,
      },
      {
        file: '/media/usb/dukan/dukan-dilan-main-20261102T180000Z.dukanbak',
        name: 'dukan-dilan-main-20261102T180000Z.dukanbak',
        takenAt: '2026-11-02T18:00:00.000Z',
        bytes: 10,
        good: true,
        encrypted: false,
      },
    ],
    ...over,
  };
  const saved: BackupSettingsChoice[] = [];
  const restores: [string, string | undefined][] = [];
  const summary: RestoreSummary = {
    takenAt: '2026-11-02T18:00:00.000Z',
    shop: 'Dilan Market',
    branch: 'Main',
    rows: { 'sales.sales': 1200, 'catalog.products': 340, 'loyalty.customers': 55, 'identity.users': 4 },
    keptAside: '/home/shop/.dukan/pg.before-restore-20261104T090000Z',
    series: [{ branchId: 'main', register: 'main', next: 'INV-1020000001', retired: 'INV-0010004180' }],
  };
  const bridge: DesktopBridge = {
    getBackups: async () => ({ ok: true, status, lastRestore: null }),
    saveBackupSettings: async (choice) => {
      if (choice.passphrase !== undefined && choice.passphrase.length < 8)
        return { ok: false, code: 'passphrase', message: 'a passphrase has at least 8 characters' };
      saved.push(choice);
      return { ok: true, status: { ...status, folder: choice.folder ?? status.folder, encrypted: Boolean(choice.passphrase) } };
    },
    backupNow: async () => ({ ok: true, status }),
    restoreBackup: async (file, passphrase) => {
      restores.push([file, passphrase]);
      return { ok: true, restored: summary, status };
    },
  };
  return { bridge, saved, restores };
}

describe('the desktop panel’s backups', () => {
  it('shows the last good backup and its place, and keeps the folder and passphrase the owner chooses', async () => {
    const shell = shellBackups();
    renderScreen(<DesktopBackups bridge={shell.bridge} />, { signedInAs: admin });
    expect((await screen.findByTestId('desktop-backups-last-good')).textContent).toMatch(
      /^Last good backup: .*2026.*Kept in \/media\/usb\/dukan$/,
    );
    expect(screen.getByText('Backups are not sealed: anyone with the drive can read them.')).toBeTruthy();
    expect(screen.getByTestId('desktop-backups-list').textContent).toContain('Not checked: do not rely on it');

    fireEvent.change(screen.getByTestId('desktop-backups-folder'), { target: { value: 'E:\\Dukan' } });
    fireEvent.change(screen.getByTestId('desktop-backups-passphrase'), { target: { value: 'short' } });
    await act(async () => screen.getByRole('button', { name: 'Save' }).click());
    expect(screen.getByTestId('desktop-backups-error').textContent).toContain('A passphrase has at least 8 characters.');
    expect(shell.saved).toEqual([]);

    fireEvent.change(screen.getByTestId('desktop-backups-passphrase'), { target: { value: 'hewlêr shop 2026' } });
    await act(async () => screen.getByRole('button', { name: 'Save' }).click());
    expect(shell.saved).toEqual([{ folder: 'E:\\Dukan', time: '21:00', passphrase: 'hewlêr shop 2026' }]);
    expect(screen.getByText('Saved.')).toBeTruthy();
    expect(screen.getByText('Backups are sealed with a passphrase.')).toBeTruthy();
    expect((screen.getByTestId('desktop-backups-passphrase') as HTMLInputElement).value).toBe('');
  });

  it("fills the folder from the system's folder picker where the shell has one, and offers none where it has not", async () => {
    const shell = shellBackups();
    const picked = ['/media/usb/shop', null];
    const withPicker: DesktopBridge = {
      ...shell.bridge,
      getBackups: async () => ({ ...(await shell.bridge.getBackups!()), canPickFolder: true }),
      chooseBackupFolder: async () => ({ ok: true, folder: picked.shift() ?? null }),
    };
    const first = renderScreen(<DesktopBackups bridge={withPicker} />, { signedInAs: admin, language: 'ku' });
    const choose = await screen.findByTestId('desktop-backups-choose');
    expect(choose.textContent).toBe('هەڵبژاردن…');
    await act(async () => choose.click());
    expect((screen.getByTestId('desktop-backups-folder') as HTMLInputElement).value).toBe('/media/usb/shop');
    // Cancelled: the folder stays as it was.
    await act(async () => choose.click());
    expect((screen.getByTestId('desktop-backups-folder') as HTMLInputElement).value).toBe('/media/usb/shop');
    await act(async () => screen.getByRole('button', { name: 'پاشەکەوتکردن' }).click());
    expect(shell.saved).toEqual([{ folder: '/media/usb/shop', time: '21:00' }]);
    first.unmount();

    renderScreen(<DesktopBackups bridge={shell.bridge} />, { signedInAs: admin });
    await screen.findByTestId('desktop-backups-last-good');
    expect(screen.queryByTestId('desktop-backups-choose')).toBeNull();
  });

  it('restores a good backup only after the owner confirms, and says what came back', async () => {
    const shell = shellBackups();
    renderScreen(<DesktopBackups bridge={shell.bridge} />, { signedInAs: admin });
    const restoreButtons = await screen.findAllByRole('button', { name: 'Restore…' });
    expect(restoreButtons).toHaveLength(1); // the unchecked backup offers none
    await act(async () => restoreButtons[0]!.click());
    expect(screen.getByTestId('desktop-restore-confirm').textContent).toContain('the data as it is now is kept aside (never deleted)');
    expect(shell.restores).toEqual([]);
    await act(async () => screen.getByRole('button', { name: 'Restore' }).click());
    expect(shell.restores).toEqual([['/media/usb/dukan/dukan-dilan-main-20261102T180000Z.dukanbak', undefined]]);
    const said = (await screen.findByTestId('desktop-backups-restored')).textContent;
    expect(said).toMatch(/^Restored the backup of Dilan Market as of .*2026.*: 1,200 sales, 340 products, 55 customers, 4 users\./);
    expect(said).toContain('The data as it was is kept in /home/shop/.dukan/pg.before-restore-20261104T090000Z.');
    expect(said).toContain('Register main: invoices go on from INV-1020000001 (the backup’s last was INV-0010004180).');
    expect(screen.queryByTestId('desktop-restore-confirm')).toBeNull();
  });

  it('speaks Kurdish, warns after two days without a good backup, and tells why a restore failed', async () => {
    const shell = shellBackups({ overdue: true, lastGood: null });
    shell.bridge.restoreBackup = async () => ({ ok: false, code: 'restoreFailed', message: 'the backup file is damaged' });
    renderScreen(<DesktopBackups bridge={shell.bridge} />, { signedInAs: admin, language: 'ku' });
    expect(await screen.findByText('هێشتا هیچ پاشەکەوتێکی دروست لەم بوخچەیەدا نییە.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('دوو ڕۆژە هیچ پاشەکەوتێکی دروست نییە: بوخچەکە و وەگەڕخەرەکە بپشکنە.');
    await act(async () => screen.getByRole('button', { name: 'گەڕاندنەوە…' }).click());
    await act(async () => screen.getByRole('button', { name: 'گەڕاندنەوە' }).click());
    expect(screen.getByTestId('desktop-backups-error').textContent).toBe(
      'گەڕاندنەوەکە شکستی هێنا؛ هیچ نەگۆڕا و ڕاژەکار لەسەر زانیارییەکانی پێشوو کاردەکات. the backup file is damaged',
    );
  });

  it('is not there for a cashier', async () => {
    const shell = shellBackups();
    renderScreen(<DesktopBackups bridge={shell.bridge} />);
    await waitFor(() => expect(screen.queryByTestId('desktop-backups')).toBeNull());
  });
});
