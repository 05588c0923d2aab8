import { describe, expect, it } from 'vitest';
import { ScanDetector, type KeyVerdict } from './scan-detector.js';

function feed(detector: ScanDetector, keys: [string, number][]): KeyVerdict[] {
  return keys.map(([k, t]) => detector.key(k, t));
}

describe('scan detector', () => {
  it('reads keystrokes at most 50 ms apart ending in Enter as one scan', () => {
    const d = new ScanDetector();
    const v = feed(d, [
      ['6', 1000],
      ['2', 1010],
      ['9', 1060],
      ['1', 1100],
      ['Enter', 1150],
    ]);
    expect(v[0]).toEqual({ kind: 'pass', restore: null, startsBurst: true });
    expect(v[1]).toEqual({ kind: 'swallow', undoFirst: true });
    expect(v[2]).toEqual({ kind: 'swallow', undoFirst: false });
    expect(v[4]).toEqual({ kind: 'scan', code: '6291' });
  });

  it('treats a 51 ms gap as typing', () => {
    const d = new ScanDetector();
    const v = feed(d, [
      ['1', 0],
      ['2', 51],
      ['3', 102],
      ['Enter', 153],
    ]);
    expect(v.map((x) => x.kind)).toEqual(['pass', 'pass', 'pass', 'pass']);
  });

  it('ignores Shift so upper-case scans still count', () => {
    const d = new ScanDetector();
    const v = feed(d, [
      ['A', 0],
      ['Shift', 5],
      ['B', 10],
      ['C', 20],
      ['Enter', 30],
    ]);
    expect(v.at(-1)).toEqual({ kind: 'scan', code: 'ABC' });
  });

  it('gives back held keys when a fast burst ends without Enter', () => {
    const d = new ScanDetector();
    feed(d, [
      ['t', 0],
      ['h', 20],
    ]);
    expect(d.flush(40)).toBeNull();
    expect(d.flush(80)).toBe('th');
    expect(d.isHolding).toBe(false);
  });

  it('gives back held keys before a slow next key', () => {
    const d = new ScanDetector();
    feed(d, [
      ['t', 0],
      ['h', 20],
    ]);
    expect(d.key('e', 200)).toEqual({ kind: 'pass', restore: 'th', startsBurst: true });
  });

  it('does not call a two-character burst a scan', () => {
    const d = new ScanDetector();
    const v = feed(d, [
      ['1', 0],
      ['2', 10],
      ['Enter', 20],
    ]);
    expect(v.at(-1)).toEqual({ kind: 'pass', restore: '12', startsBurst: false });
  });

  it('a slow Enter after a burst is an ordinary Enter', () => {
    const d = new ScanDetector();
    const v = feed(d, [
      ['1', 0],
      ['2', 10],
      ['3', 20],
      ['Enter', 200],
    ]);
    expect(v.at(-1)).toEqual({ kind: 'pass', restore: '123', startsBurst: false });
  });
});
