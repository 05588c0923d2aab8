import { describe, expect, it } from 'vitest';
import { configure, screen } from '@testing-library/react';
import { renderScreen, user } from '../../../test/render.js';
import { SettingsHubPage } from './settings-hub-page.js';
import { UnavailableSettingsPage } from './unavailable-settings-page.js';

// Two shared cores under several engineers' test runs: give the screen time to answer.
configure({ asyncUtilTimeout: 5000 });

describe('settings hub', () => {
  it('links the seven sub-pages and marks payments, receipts and notifications as not yet available', async () => {
    renderScreen(<SettingsHubPage />, { signedInAs: user({ role: 'admin' }) });
    const cards = await screen.findAllByTestId('settings-card');
    expect(cards.map((c) => c.getAttribute('href'))).toEqual([
      '/settings/general',
      '/settings/loyalty',
      '/settings/users',
      '/settings/branches',
      '/settings/payments',
      '/settings/receipts',
      '/settings/notifications',
    ]);
    const unavailable = cards.filter((c) => c.textContent?.includes('Not yet available')).map((c) => c.getAttribute('href'));
    expect(unavailable).toEqual(['/settings/payments', '/settings/receipts', '/settings/notifications']);
    expect(screen.getByTestId('role-count').textContent).toBe('3 roles');
  });

  it('does not link user permissions for a manager', async () => {
    renderScreen(<SettingsHubPage />, { signedInAs: user({ role: 'manager' }) });
    const users = (await screen.findAllByTestId('settings-card')).find((c) => c.dataset.to === '/settings/users')!;
    expect(users.getAttribute('href')).toBeNull();
    expect(users.textContent).toContain('Admins only');
    const branches = (await screen.findAllByTestId('settings-card')).find((c) => c.dataset.to === '/settings/branches')!;
    expect(branches.getAttribute('href')).toBeNull();
  });

  it.each([
    ['/settings/payments', 'Payment settings'],
    ['/settings/receipts', 'Receipt settings'],
    ['/settings/notifications', 'Notification settings'],
  ])('%s is titled %s and says it is not available', async (path, title) => {
    renderScreen(<UnavailableSettingsPage />, { path });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toContain(title);
    expect(screen.getByTestId('settings-unavailable').textContent).toBe(
      'This settings page is not available yet. It arrives in a later release.',
    );
  });
});
