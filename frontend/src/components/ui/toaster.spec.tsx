import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { AppProviders } from '../../app/providers.js';
import { makeStore } from '../../app/store.js';
import { createI18n } from '../../i18n/index.js';
import { toastShown } from './toast-slice.js';

describe('toasts', () => {
  afterEach(() => vi.useRealTimers());

  it('close by themselves after 5 seconds, and show the same text once', () => {
    vi.useFakeTimers();
    const store = makeStore();
    render(
      <AppProviders store={store} i18n={createI18n('en')}>
        {null}
      </AppProviders>,
    );
    act(() => {
      store.dispatch(toastShown('success', 'Sale completed successfully! Products have been updated in inventory.'));
      store.dispatch(toastShown('success', 'Sale completed successfully! Products have been updated in inventory.'));
    });
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(4900));
    expect(screen.queryAllByTestId('toast')).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  });

  it('stay as long as a screen asks (expenses: 3 seconds)', () => {
    vi.useFakeTimers();
    const store = makeStore();
    render(
      <AppProviders store={store} i18n={createI18n('en')}>
        {null}
      </AppProviders>,
    );
    act(() => void store.dispatch(toastShown('success', 'Expense approved successfully', 3000)));
    act(() => void vi.advanceTimersByTime(2900));
    expect(screen.getByTestId('toast').textContent).toContain('Expense approved successfully');
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  });
});
