import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { readRegister } from '../../../app/session.js';
import { printDocument } from './print-document.js';
import { isShellPrinterFailure, usePaperPrinter, useTillSettingsQuery } from './till-settings.js';

interface Props {
  /** The document's printed copy (`.print-root`), laid out at the roll's width. */
  printRoot: RefObject<HTMLDivElement | null>;
  label: string;
  testId: string;
}

/**
 * A document other than a receipt (a customer's statement) printed on a 58 mm roll the way receipts are: on this
 * register's receipt printer, or the desktop shell's own, when it has one; else with the browser's print. The
 * drawer never opens. A printer that does not print is told in the user's language.
 */
export function PaperPrintButton({ printRoot, label, testId }: Props) {
  const { t } = useTranslation();
  const { data: settings } = useTillSettingsQuery();
  const { printer, shellPrinter, send, state } = usePaperPrinter(settings);
  const busy = state.isLoading;
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  async function print() {
    const root = printRoot.current;
    if (!root) return;
    setOutcome(null);
    if (!printer) {
      window.print();
      return;
    }
    try {
      await send({ register: readRegister(), html: printDocument(root, 58), openDrawer: false }).unwrap();
      setOutcome({ ok: true, text: t('pos.printing.printed') });
    } catch (err) {
      setOutcome({
        ok: false,
        text: isShellPrinterFailure(err)
          ? t('pos.printing.shellDocumentFailed', { printer: shellPrinter })
          : t('pos.printing.documentFailed'),
      });
    }
  }

  return (
    <>
      <button
        type="button"
        className="button"
        onClick={() => void print()}
        disabled={busy}
        data-testid={testId}
        data-to={printer ? 'printer' : 'browser'}
      >
        {busy ? t('pos.printing.printing') : label}
      </button>
      {outcome && (
        <p className={outcome.ok ? 'form-success' : 'form-error'} role={outcome.ok ? 'status' : 'alert'} data-testid={`${testId}-outcome`}>
          {outcome.text}
        </p>
      )}
    </>
  );
}
