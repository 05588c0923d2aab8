import { useEffect, useState } from 'react';

/** The bars of a Code 128 symbol as one SVG path over its modules (quiet zones of 10 either side), or null. */
async function code128Path(code: string): Promise<{ d: string; width: number } | null> {
  const { default: bwipjs } = await import('bwip-js/browser');
  try {
    const [first] = bwipjs.raw('code128', code, '') as { sbs?: number[] }[];
    if (!first?.sbs) return null;
    let x = 10;
    let d = '';
    first.sbs.forEach((w, i) => {
      if (i % 2 === 0) d += `M${x} 0h${w}v1h-${w}z`;
      x += w;
    });
    return { d, width: x + 10 };
  } catch {
    return null;
  }
}

/** The invoice number as a Code 128 barcode on the receipt (bwip-js, loaded only by shops that print it). */
export function InvoiceBarcode({ code, testId }: { code: string; testId?: string | undefined }) {
  const [bars, setBars] = useState<{ d: string; width: number } | null>(null);
  useEffect(() => {
    let live = true;
    void code128Path(code).then((b) => live && setBars(b));
    return () => {
      live = false;
    };
  }, [code]);
  if (!bars) return null;
  return (
    <svg
      className="receipt-barcode"
      viewBox={`0 0 ${bars.width} 1`}
      preserveAspectRatio="none"
      shapeRendering="crispEdges"
      role="img"
      aria-label={code}
      data-testid={testId}
    >
      <path d={bars.d} />
    </svg>
  );
}
