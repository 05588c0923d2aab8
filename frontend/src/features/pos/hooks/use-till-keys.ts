import { useEffect, type RefObject } from 'react';

/** The till's keys while the cart is showing: F2 or / to search, F4 to check out, F8 to the last line's quantity. */
export function useTillKeys(active: boolean, searchRef: RefObject<HTMLInputElement | null>, startCheckout: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!active) return;
      if (e.key === 'F2' || (e.key === '/' && !(e.target instanceof HTMLInputElement))) {
        e.preventDefault();
        searchRef.current?.focus();
        searchRef.current?.select();
      } else if (e.key === 'F4') {
        e.preventDefault();
        startCheckout();
      } else if (e.key === 'F8') {
        // Quantity of the last line: type the number, Enter goes back to the search box.
        e.preventDefault();
        const inputs = document.querySelectorAll<HTMLInputElement>('[data-testid=line-quantity]');
        inputs[inputs.length - 1]?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, searchRef, startCheckout]);
}
