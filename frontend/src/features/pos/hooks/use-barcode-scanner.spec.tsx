import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import { SCAN_MAX_GAP_MS, useBarcodeScanner } from './use-barcode-scanner.js';

function Till({ onScan }: { onScan: (code: string) => void }) {
  useBarcodeScanner(true, onScan);
  return <input data-testid="search" />;
}

/** A key as a scanner sends it, stamped with the time the scanner pressed it (not when the page got it). */
function press(target: Element, key: string, at: number) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  Object.defineProperty(event, 'timeStamp', { value: at });
  fireEvent(target, event);
}

describe('a barcode scanner on a busy page', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads the whole code when its keys reach the page late, as they do while the page is busy opening the till', async () => {
    const scanned: string[] = [];
    const { getByTestId } = render(<Till onScan={(code) => scanned.push(code)} />);
    const search = getByTestId('search') as HTMLInputElement;
    search.focus();
    const code = '6291000000011';
    const start = performance.now();
    [...code.slice(0, 4)].forEach((k, i) => press(search, k, start + i * 8));
    // The page was busy: the clock ran on past the burst's pause before the rest of the keys were delivered.
    await vi.advanceTimersByTimeAsync(SCAN_MAX_GAP_MS + 10);
    [...code.slice(4)].forEach((k, i) => press(search, k, start + 32 + i * 8));
    press(search, 'Enter', start + 32 + (code.length - 4) * 8);
    expect(scanned).toEqual([code]);
    expect(search.value).toBe('');
  });

  it('takes back keys it gave back too early when the rest of the scan arrives later still (a machine under load)', async () => {
    const scanned: string[] = [];
    const { getByTestId } = render(<Till onScan={(code) => scanned.push(code)} />);
    const search = getByTestId('search') as HTMLInputElement;
    search.focus();
    const code = '6291000000028';
    const start = performance.now();
    [...code.slice(0, 5)].forEach((k, i) => press(search, k, start + i * 8));
    // Long enough for every wait to run out: the first keys are given back to the search box for now …
    await vi.advanceTimersByTimeAsync(1000);
    expect(search.value).toBe(code.slice(0, 5));
    // … and taken back by the next key, pressed 8 ms after them by the scanner's own clock.
    [...code.slice(5)].forEach((k, i) => press(search, k, start + 40 + i * 8));
    press(search, 'Enter', start + 40 + (code.length - 5) * 8);
    expect(scanned).toEqual([code]);
    expect(search.value).toBe('');
  });

  it('gives a fast typist their letters back when no Enter follows', async () => {
    const scanned: string[] = [];
    const { getByTestId } = render(<Till onScan={(code) => scanned.push(code)} />);
    const search = getByTestId('search') as HTMLInputElement;
    search.focus();
    const start = performance.now();
    ['t', 'e', 'a'].forEach((k, i) => press(search, k, start + i * 8));
    await vi.advanceTimersByTimeAsync(200);
    expect(scanned).toEqual([]);
    expect(search.value).toBe('tea');
  });
});
