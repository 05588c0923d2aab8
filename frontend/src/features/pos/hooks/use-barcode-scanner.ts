import { useEffect, useRef } from 'react';
import { ScanDetector } from '../lib/scan-detector.js';

import { SCANNER_KEY_GAP_MS } from '@dukan/contracts';

export const SCAN_MAX_GAP_MS = SCANNER_KEY_GAP_MS;

type Editable = HTMLInputElement | HTMLTextAreaElement;

interface Snapshot {
  el: Editable;
  value: string;
  start: number;
  end: number;
}

function isEditable(target: EventTarget | null): target is Editable {
  if (target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && ['text', 'search', 'tel', 'number', 'email', 'url', 'password', ''].includes(target.type);
}

/** Sets a (React-controlled) field's value the way typing does, so React sees the change. */
function setFieldValue(el: Editable, value: string, caret: number): void {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  try {
    el.setSelectionRange(caret, caret);
  } catch {
    /* number inputs have no selection */
  }
}

/** Whether the browser holds input not yet delivered (Chromium's isInputPending; false where there is none). */
function inputPending(): boolean {
  return (navigator as { scheduling?: { isInputPending?: () => boolean } }).scheduling?.isInputPending?.() ?? false;
}

/** Turns a held burst may wait for input the browser has not delivered yet, before its keys are given back. */
const MAX_WAIT_TURNS = 10;

function snapshot(target: EventTarget | null): Snapshot | null {
  if (!isEditable(target)) return null;
  let start = target.value.length;
  let end = start;
  try {
    start = target.selectionStart ?? start;
    end = target.selectionEnd ?? end;
  } catch {
    /* no selection API */
  }
  return { el: target, value: target.value, start, end };
}

/**
 * Listens for a barcode scanner anywhere on the page: keystrokes at most 50 ms apart ending in Enter.
 * The scanned characters never stay in whichever field has focus; ordinary typing is untouched.
 */
export function useBarcodeScanner(enabled: boolean, onScan: (code: string) => void): void {
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;

  useEffect(() => {
    if (!enabled) return;
    const detector = new ScanDetector({ maxGapMs: SCAN_MAX_GAP_MS, minLength: 3 });
    let snap: Snapshot | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** Keys last given back by the timer, with the field as it was before them: taken back if the burst goes on. */
    let given: { snap: Snapshot | null; held: string; last: number } | null = null;

    const giveBack = (chars: string) => {
      if (!snap || !snap.el.isConnected) return;
      const { el, value, start, end } = snap;
      setFieldValue(el, value.slice(0, start) + chars + value.slice(end), start + chars.length);
      snap = null;
    };

    /**
     * Gives the held keys back once the burst has surely ended. The keys' own times decide what a burst is, but
     * this timer runs on the clock: a page too busy to deliver a scanner's keys on time may still hold some when
     * it fires, so it first lets waiting input through (one more turn, and more while the browser says input is
     * pending).
     */
    const giveBackLater = (delay: number, turns: number) => {
      timer = setTimeout(() => {
        if (turns > 0 && (delay > 0 || inputPending())) return giveBackLater(0, turns - 1);
        const last = detector.lastKeyAt;
        const before = snap;
        const held = detector.flush(performance.now() + SCAN_MAX_GAP_MS + 1);
        if (!held) return;
        given = { snap: before, held, last };
        giveBack(held);
      }, delay);
    };

    /**
     * A page busier still may deliver the rest of a scan after its first keys were given back. The keys' own times
     * tell: a key pressed within a scanner's gap of the held ones continues their burst, so they are taken back.
     */
    const takeBackIfBurstGoesOn = (e: KeyboardEvent) => {
      const last = given;
      given = null;
      if (!last || (e.key.length !== 1 && e.key !== 'Enter') || (e.timeStamp || performance.now()) - last.last > SCAN_MAX_GAP_MS) return;
      if (last.snap && last.snap.el.isConnected) setFieldValue(last.snap.el, last.snap.value, last.snap.start);
      snap = last.snap;
      detector.resume(last.held, last.last);
    };

    const onKeyDown = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.altKey || e.metaKey || e.isComposing) {
        const held = detector.flush(Number.POSITIVE_INFINITY);
        if (held) giveBack(held);
        detector.reset();
        return;
      }
      takeBackIfBurstGoesOn(e);
      const before = snapshot(e.target);
      const verdict = detector.key(e.key, e.timeStamp || performance.now());
      clearTimeout(timer);
      switch (verdict.kind) {
        case 'pass':
          if (verdict.restore) giveBack(verdict.restore);
          if (verdict.startsBurst) snap = snapshot(e.target) ?? before;
          break;
        case 'swallow':
          e.preventDefault();
          e.stopPropagation();
          if (verdict.undoFirst && snap && snap.el.isConnected) {
            setFieldValue(snap.el, snap.value, snap.start);
          }
          giveBackLater(SCAN_MAX_GAP_MS + 10, MAX_WAIT_TURNS);
          break;
        case 'scan':
          e.preventDefault();
          e.stopPropagation();
          snap = null;
          onScanRef.current(verdict.code);
          break;
      }
    };

    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('keydown', onKeyDown, true);
    };
  }, [enabled]);
}
