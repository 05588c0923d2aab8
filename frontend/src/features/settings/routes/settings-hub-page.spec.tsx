import { describe, expect, it } from 'vitest';
import { configure, screen } from '@testing-library/react';
import { renderScreen, user } from '../../../test/render.js';
import { SettingsHubPage } from './settings-hub-page.js';

// Two shared cores under several engineers' test runs: give the screen time to answer.
configure({ asyncUtilTimeout: 5000 });

describe('settings hub', () => {
  it('links the six built sub-pages, and says what notifications will hold without a screen for them', async () => {
    renderScreen(<SettingsHubPage />, { signedInAs: user({ role: 'admin' }) });
    const cards = await screen.findAllByTestId('settings-card');
    expect(cards.map((c) => c.getAttribute('href'))).toEqual([
      '/settings/general',
      '/settings/loyalty',
      '/settings/users',
      '/settings/branches',
      '/settings/payments',
      '/settings/receipts',
      null,
    ]);
    const unavailable = cards.filter((c) => c.textContent?.includes('Not yet available')).map((c) => c.dataset.to);
    expect(unavailable).toEqual(['/settings/notifications']);
    expect(screen.getByTestId('settings-card-planned').textContent).toContain('a daily sales summary');
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
});
