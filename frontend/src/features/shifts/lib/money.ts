import type { Currency } from '@dukan/contracts';
import type { Formatters } from '../../../i18n/format.js';

/** An amount in its own currency's minor unit (US cents, whole dinars), formatted in the interface's language. */
export function minorText(f: Formatters, amountMinor: number, currency: Currency): string {
  return currency === 'USD' ? f.usd(amountMinor) : f.iqd(amountMinor);
}

/** A note's face value (minor units) as printed on it: 250 dinars, 5 dollars. */
export function noteText(f: Formatters, note: number, currency: Currency): string {
  return currency === 'USD' ? f.number(note / 100) : f.number(note);
}

/** The till's shift on a register, remembered so a sale kept offline carries it. */
export function rememberShift(register: string, shiftId: string | null): void {
  try {
    if (shiftId) localStorage.setItem(`shift:${register}`, shiftId);
    else localStorage.removeItem(`shift:${register}`);
  } catch {
    /* private mode: offline sales are then placed by the time they were made */
  }
}

export function rememberedShift(register: string): string | null {
  try {
    return localStorage.getItem(`shift:${register}`);
  } catch {
    return null;
  }
}
