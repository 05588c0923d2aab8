import { describe, expect, it } from 'vitest';
import { ConnectionWatch } from './desktop.js';

describe('desktop connection watch', () => {
  it('asks for one server restart after three failures in a row, then waits 2 s', async () => {
    let restarts = 0;
    const waits: number[] = [];
    const watch = new ConnectionWatch(async () => void restarts++);
    const wait = async (ms: number) => void waits.push(ms);
    expect(await watch.failed(wait)).toBe(false);
    expect(await watch.failed(wait)).toBe(false);
    expect(await watch.failed(wait)).toBe(true);
    expect(await watch.failed(wait)).toBe(false);
    expect(restarts).toBe(1);
    expect(waits).toEqual([2000]);
  });

  it('starts counting again after a success, and never restarts without a shell', async () => {
    let restarts = 0;
    const watch = new ConnectionWatch(async () => void restarts++);
    const wait = async () => undefined;
    await watch.failed(wait);
    await watch.failed(wait);
    watch.succeeded();
    expect(await watch.failed(wait)).toBe(false);
    expect(restarts).toBe(0);
    const browser = new ConnectionWatch(undefined);
    for (let i = 0; i < 5; i++) expect(await browser.failed(wait)).toBe(false);
  });
});
