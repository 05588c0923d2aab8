import { useLayoutEffect, type RefObject } from 'react';

const PAGE_MARGIN_MM = 2;

/** While the receipt is shown, the printed page is 58 mm wide and exactly as long as the receipt (also a transfer's note). */
export function usePageSizedTo(ref: RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const paper = ref.current?.firstElementChild as HTMLElement | null;
    if (!paper) return;
    const mm = Math.ceil((paper.offsetHeight * 25.4) / 96) + 2 * PAGE_MARGIN_MM + 2;
    const style = document.createElement('style');
    style.dataset.receiptPage = '';
    style.textContent = `@page { size: 58mm ${mm}mm; margin: ${PAGE_MARGIN_MM}mm; }`;
    document.head.appendChild(style);
    return () => style.remove();
  });
}
