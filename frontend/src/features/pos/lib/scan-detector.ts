/**
 * Tells a barcode scanner from a person typing. A scanner "types" the code with keystrokes at most
 * `maxGapMs` apart and ends with Enter. The first key of a burst cannot be told apart from typing,
 * so it is let through and undone once the second key arrives fast enough; if the burst ends
 * without Enter (a fast typist), the swallowed keys are given back.
 */
export interface ScanDetectorOptions {
  maxGapMs: number;
  /** Shortest code accepted as a scan (Enter after fewer characters is ordinary typing). */
  minLength: number;
}

export type KeyVerdict =
  /** Let the key do what it does; first give back `restore` characters if any were held. */
  | { kind: 'pass'; restore: string | null; startsBurst: boolean }
  /** Keep the key from landing anywhere. `undoFirst`: the burst's first key already landed; undo it. */
  | { kind: 'swallow'; undoFirst: boolean }
  /** Enter that ends a scan: keep it from landing, add `code` to the cart. */
  | { kind: 'scan'; code: string };

const NEUTRAL_KEYS = new Set(['Shift', 'CapsLock']);

export class ScanDetector {
  private buffer: string[] = [];
  private last = Number.NEGATIVE_INFINITY;
  private holding = false;

  constructor(private readonly options: ScanDetectorOptions = { maxGapMs: 50, minLength: 3 }) {}

  key(key: string, now: number): KeyVerdict {
    if (NEUTRAL_KEYS.has(key)) return { kind: 'pass', restore: null, startsBurst: false };
    const gap = now - this.last;
    const quick = gap <= this.options.maxGapMs;
    this.last = now;

    if (key === 'Enter') {
      if (quick && this.buffer.length >= this.options.minLength) {
        const code = this.buffer.join('');
        this.reset();
        return { kind: 'scan', code };
      }
      return { kind: 'pass', restore: this.drop(), startsBurst: false };
    }

    if (key.length === 1) {
      if (quick && this.buffer.length > 0) {
        this.buffer.push(key);
        const undoFirst = !this.holding;
        this.holding = true;
        return { kind: 'swallow', undoFirst };
      }
      const restore = this.drop();
      this.buffer = [key];
      return { kind: 'pass', restore, startsBurst: true };
    }

    // Any other key (Backspace, arrows, Tab…) ends a burst.
    return { kind: 'pass', restore: this.drop(), startsBurst: false };
  }

  /** Call when time passes without keys: returns held characters to give back once the burst is over. */
  flush(now: number): string | null {
    if (this.holding && now - this.last > this.options.maxGapMs) return this.drop();
    return null;
  }

  /** When the last key was pressed (its own time stamp). */
  get lastKeyAt(): number {
    return this.last;
  }

  /**
   * Holds `held` again as the burst it was, its last key pressed at `last`: for keys given back too early, when a
   * later key of the same burst shows (by its own time) that the scan was still going.
   */
  resume(held: string, last: number): void {
    this.buffer = [...held];
    this.holding = true;
    this.last = last;
  }

  /** True while keys are held back waiting to see whether a scan is under way. */
  get isHolding(): boolean {
    return this.holding;
  }

  reset(): void {
    this.buffer = [];
    this.holding = false;
  }

  private drop(): string | null {
    const held = this.holding ? this.buffer.join('') : null;
    this.reset();
    return held;
  }
}
