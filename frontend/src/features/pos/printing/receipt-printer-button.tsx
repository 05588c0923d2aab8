import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { TillSettingsDto } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { readRegister } from '../../../app/session.js';
import { printDocument } from './print-document.js';
import { isShellPrinterFailure, usePaperPrinter } from './till-settings.js';

/** Until `ready()` or `ms` have passed (a part of the receipt drawn after it first showed, such as its barcode). */
async function settle(ready: () => boolean, ms: number): Promise<void> {
  for (const until = Date.now() + ms; !ready() && Date.now() < until;) await new Promise((r) => setTimeout(r, 50));
}

interface Props {
  settings: TillSettingsDto | undefined;
  /** The receipt's printed copy (`.print-root`), as the screen lays it out. */
  printRoot: RefObject<HTMLDivElement | null>;
  /** The logo is inline in the receipt (or there is none): the receipt is complete. */
  logoReady: boolean;
  /** A cash sale opens the drawer on its first print (never on a reprint). */
  cashSale: boolean;
}

/**
 * Where the register has a receipt printer: the receipt goes to it as soon as it is complete (the drawer opens for
 * cash), and can be printed again. A printer that does not print is told in the cashier's language; the sale stays.
 * In the desktop shell with a printer of its own (USB, or on a network the server does not reach), the server makes
 * the printer's bytes and the shell sends them to that printer, which then serves this till whatever the register says.
 */
export function ReceiptPrinterButton({ settings, printRoot, logoReady, cashSale }: Props) {
  const { t } = useTranslation();
  const { printer, shellPrinter, send, state } = usePaperPrinter(settings);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const printedOnce = useRef(false);

  const print = useCallback(
    async (openDrawer: boolean) => {
      const root = printRoot.current;
      if (!root || !settings) return;
      setOutcome(null);
      if (settings.receipt.fields.invoiceBarcode) await settle(() => root.querySelector('.receipt-barcode') !== null, 3000);
      try {
        await send({ register: readRegister(), html: printDocument(root, settings.receipt.paperWidth), openDrawer }).unwrap();
        setOutcome({ ok: true, text: t('pos.printing.printed') });
      } catch (err) {
        setOutcome({
          ok: false,
          text: isShellPrinterFailure(err)
            ? t('pos.printing.shellPrinterFailed', { printer: shellPrinter })
            : errorText(err, t('pos.printing.printFailed')),
        });
      }
    },
    [printRoot, settings, send, shellPrinter, t],
  );

  useEffect(() => {
    // Not before the shell has said whether this computer has a printer of its own.
    if (!printer || shellPrinter === undefined || !logoReady || printedOnce.current) return;
    printedOnce.current = true;
    // After the receipt's copy has been laid out with the shop's details.
    const timer = setTimeout(() => void print(cashSale), 0);
    return () => clearTimeout(timer);
  }, [printer, shellPrinter, logoReady, print, cashSale]);

  if (!printer) return null;
  return (
    <>
      {outcome && (
        <p className={outcome.ok ? 'form-success' : 'form-error'} role={outcome.ok ? 'status' : 'alert'} data-testid="printer-outcome">
          {outcome.text}
        </p>
      )}
      <button type="button" className="button" onClick={() => void print(false)} disabled={state.isLoading} data-testid="print-to-printer">
        {state.isLoading ? t('pos.printing.printing') : t('pos.printing.printToPrinter')}
      </button>
    </>
  );
}
