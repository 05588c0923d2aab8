import { describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import type { LoyaltySettingsDto } from '@dukan/contracts';
import { loyaltySettings, ok } from '../../../test/fixtures.js';
import { fakeApi, renderScreen, user } from '../../../test/render.js';
import { LoyaltySettingsPage } from './loyalty-settings-page.js';

// Two shared cores under several engineers' test runs: give the screen time to answer.
configure({ asyncUtilTimeout: 5000 });

const settings = loyaltySettings({
  minimumPoints: 100,
  minimumRedemption: 50,
  statusMultipliers: { standard: 1, silver: 1.2, gold: 1.5, platinum: 2 },
  tiers: [{ threshold: 100, bonusType: 'fixed', bonusValue: 10 }],
});

function server() {
  return fakeApi(({ url, method, body }) => {
    if (url.pathname !== '/api/loyalty/settings') return undefined;
    if (method === 'PUT') return ok({ ...settings, ...(body as Partial<LoyaltySettingsDto>) });
    return ok(settings);
  });
}

describe('loyalty settings', () => {
  it('shows every field with its minimum and step', async () => {
    server();
    renderScreen(<LoyaltySettingsPage />, { signedInAs: user({ role: 'admin' }) });
    const field = async (id: string) => (await screen.findByTestId(`loyalty-${id}`)) as HTMLInputElement;
    expect((await field('pointsPerDollar')).step).toBe('0.1');
    expect((await field('pointsPerDollar')).min).toBe('0');
    expect((await field('redemptionRate')).step).toBe('0.001');
    expect((await field('statusMultipliers.gold')).min).toBe('1');
    expect((await field('statusMultipliers.gold')).step).toBe('0.1');
    expect((await field('statusTiers.silver')).min).toBe('0');
    expect((await field('tiers.0.threshold')).min).toBe('0');
    expect((await field('tiers.0.bonusValue')).value).toBe('10');
  });

  it('refuses a value below its minimum without calling the server, then saves the whole object', async () => {
    const calls = server();
    renderScreen(<LoyaltySettingsPage />, { signedInAs: user({ role: 'admin' }) });
    const multiplier = await screen.findByTestId('loyalty-statusMultipliers.silver');
    fireEvent.change(multiplier, { target: { value: '0.5' } });
    fireEvent.click(screen.getByTestId('save-loyalty'));
    expect((await screen.findByTestId('error-statusMultipliers.silver')).textContent).toBe('Must be at least 1');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(multiplier, { target: { value: '1.3' } });
    expect(screen.queryByTestId('error-statusMultipliers.silver')).toBeNull();
    fireEvent.change(screen.getByTestId('loyalty-pointsPerDollar'), { target: { value: '2.5' } });
    fireEvent.click(screen.getByTestId('add-tier'));
    fireEvent.change(screen.getByTestId('loyalty-tiers.1.threshold'), { target: { value: '250' } });
    fireEvent.change(screen.getByTestId('loyalty-tiers.1.bonusValue'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('save-loyalty'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeTruthy());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      ...settings,
      pointsPerDollar: 2.5,
      statusMultipliers: { ...settings.statusMultipliers, silver: 1.3 },
      tiers: [...settings.tiers, { threshold: 250, bonusType: 'fixed', bonusValue: 5 }],
    });
    expect((await screen.findByTestId('loyalty-success')).textContent).toBe('Settings saved successfully');
  });

  it('shows a manager (settings view only) the values read-only, with no save button', async () => {
    server();
    renderScreen(<LoyaltySettingsPage />, { signedInAs: user({ role: 'manager' }) });
    expect((await screen.findByTestId('loyalty-pointsPerDollar')).closest('fieldset')!.disabled).toBe(true);
    expect(screen.getByTestId('loyalty-read-only')).toBeTruthy();
    expect(screen.queryByTestId('save-loyalty')).toBeNull();
  });

  it("shows 'Failed to save settings' when the save fails without a message", async () => {
    fakeApi(({ url, method }) => {
      if (url.pathname !== '/api/loyalty/settings') return undefined;
      if (method === 'PUT') return { status: 422, body: {} };
      return ok(settings);
    });
    renderScreen(<LoyaltySettingsPage />, { signedInAs: user({ role: 'admin' }) });
    fireEvent.click(await screen.findByTestId('save-loyalty'));
    expect((await screen.findByTestId('loyalty-error')).textContent).toBe('Failed to save settings');
  });

  it("shows 'Failed to load loyalty settings', and 'No settings found' when the server sends none", async () => {
    fakeApi(({ url }) => (url.pathname === '/api/loyalty/settings' ? { status: 400, body: {} } : undefined));
    const first = renderScreen(<LoyaltySettingsPage />, { signedInAs: user({ role: 'admin' }) });
    expect((await screen.findByTestId('error-panel')).textContent).toContain('Failed to load loyalty settings');
    first.unmount();
    fakeApi(({ url }) => (url.pathname === '/api/loyalty/settings' ? { body: { success: true, data: null } } : undefined));
    renderScreen(<LoyaltySettingsPage />, { signedInAs: user({ role: 'admin' }) });
    expect((await screen.findByTestId('error-panel')).textContent).toContain('No settings found');
  });
});
