import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { renderScreen } from '../../../test/render.js';
import type { DesktopBridge, ServerStatus, UpdateMessage } from '../../../app/desktop.js';
import { DesktopPanel } from './desktop-panel.js';
import { DesktopStatusButton } from './desktop-status-button.js';
import { FirstRunNotice } from './first-run-notice.js';

/** A bridge as the shells expose it, driven by the test. */
function fakeBridge(over: Partial<DesktopBridge> = {}) {
  const listeners = {
    status: [] as ((s: ServerStatus) => void)[],
    log: [] as ((l: string) => void)[],
    update: [] as ((m: UpdateMessage) => void)[],
  };
  let restarts = 0;
  const status: ServerStatus = {
    state: 'running',
    port: 5000,
    pid: 42,
    restarts: 0,
    failures: 0,
    detail: null,
    since: '2026-01-01T00:00:00Z',
  };
  const bridge: DesktopBridge = {
    version: '1.2.3',
    platform: 'win32',
    shell: 'electron',
    getServerStatus: async () => status,
    onServerStatus: (l) => (listeners.status.push(l), () => undefined),
    getServerPort: async () => 5000,
    getServerLogs: async () => Array.from({ length: 120 }, (_, i) => `line ${i + 1}`),
    onServerLog: (l) => (listeners.log.push(l), () => undefined),
    restartServer: async () => void restarts++,
    checkForUpdates: async () => undefined,
    onUpdateMessage: (l) => (listeners.update.push(l), () => undefined),
    getFirstRunAdmin: async () => null,
    ...over,
  };
  return {
    bridge,
    restarts: () => restarts,
    emitStatus: (s: Partial<ServerStatus>) => act(() => listeners.status.forEach((l) => l({ ...status, ...s }))),
    emitLog: (line: string) => act(() => listeners.log.forEach((l) => l(line))),
    emitUpdate: (m: UpdateMessage) => act(() => listeners.update.forEach((l) => l(m))),
  };
}

afterEach(() => {
  delete (window as unknown as { dukanDesktop?: unknown }).dukanDesktop;
});

describe('desktop panel', () => {
  it('shows version, platform, server status and port, and the last 100 log lines', async () => {
    const fake = fakeBridge();
    renderScreen(<DesktopPanel bridge={fake.bridge} />);
    expect(await screen.findByText('Running')).toBeTruthy();
    expect(screen.getByTestId('desktop-version').textContent).toBe('1.2.3');
    expect(screen.getByText('Windows')).toBeTruthy();
    expect(screen.getByTestId('desktop-port').textContent).toBe('5000');
    await waitFor(() => expect(screen.getByTestId('desktop-log').textContent?.split('\n')).toHaveLength(100));
    fake.emitLog('line 121');
    const log = screen.getByTestId('desktop-log').textContent?.split('\n') ?? [];
    expect(log).toHaveLength(100);
    expect(log[0]).toBe('line 22');
    expect(log.at(-1)).toBe('line 121');
  });

  it('follows status events and restarts the server on request', async () => {
    const fake = fakeBridge();
    renderScreen(<DesktopPanel bridge={fake.bridge} />);
    await screen.findByText('Running');
    fake.emitStatus({ state: 'failed', failures: 6, detail: 'exit code 1' });
    expect(screen.getByRole('alert').textContent).toContain('The server stopped 6 times in a row (exit code 1)');
    expect(screen.getByTestId('desktop-server-state').className).toContain('danger');
    await act(async () => screen.getByTestId('desktop-restart').click());
    expect(fake.restarts()).toBe(1);
  });

  it('colours update messages by what they say, in Kurdish too', async () => {
    const fake = fakeBridge();
    renderScreen(<DesktopPanel bridge={fake.bridge} />, { language: 'ku' });
    fake.emitUpdate({ kind: 'error', detail: 'the update feed answered 404' });
    expect(screen.getByTestId('desktop-update').className).toContain('tone-danger');
    expect(screen.getByTestId('desktop-update').textContent).toContain('the update feed answered 404');
    fake.emitUpdate({ kind: 'latest', version: '1.2.3' });
    expect(screen.getByTestId('desktop-update').className).toContain('tone-success');
    expect(screen.getByTestId('desktop-update').textContent).toBe('نوێترین وەشانت هەیە (1.2.3).');
    fake.emitUpdate({ kind: 'available', version: '1.3.0', url: 'https://updates.example/Dukan-1.3.0.exe' });
    expect(screen.getByTestId('desktop-update').className).toContain('tone-download');
    expect(screen.getByRole('link', { name: 'داگرتن' }).getAttribute('href')).toBe('https://updates.example/Dukan-1.3.0.exe');
  });

  it('appears in the sidebar only inside the shell', async () => {
    const { unmount } = renderScreen(<DesktopStatusButton />);
    expect(screen.queryByTestId('desktop-status')).toBeNull();
    unmount();
    const fake = fakeBridge();
    (window as unknown as { dukanDesktop: DesktopBridge }).dukanDesktop = fake.bridge;
    renderScreen(<DesktopStatusButton />);
    await waitFor(() => expect(screen.getByTestId('desktop-status').dataset.state).toBe('running'));
    await act(async () => screen.getByTestId('desktop-status').click());
    expect(await screen.findByTestId('desktop-panel')).toBeTruthy();
  });

  it('shows the first administrator account on the sign-in screen of the first start only', async () => {
    (window as unknown as { dukanDesktop: DesktopBridge }).dukanDesktop = fakeBridge({
      getFirstRunAdmin: async () => ({ username: 'admin', password: 'Xy7-first' }),
    }).bridge;
    const first = renderScreen(<FirstRunNotice />, { signedInAs: null });
    expect((await screen.findByTestId('first-run-password')).textContent).toBe('Xy7-first');
    first.unmount();
    (window as unknown as { dukanDesktop: DesktopBridge }).dukanDesktop = fakeBridge().bridge;
    renderScreen(<FirstRunNotice />, { signedInAs: null });
    await act(async () => undefined);
    expect(screen.queryByTestId('first-run')).toBeNull();
  });
});
