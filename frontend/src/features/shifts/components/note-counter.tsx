import { useTranslation } from 'react-i18next';
import { countNotes, DRAWER_NOTES, type Currency, type CurrencyAmounts, type NoteCount } from '@dukan/contracts';
import { useFormat } from '../../../i18n/format.js';
import { minorText, noteText } from '../lib/money.js';

export type DrawerCount = Record<Currency, NoteCount>;

export const emptyCount = (): DrawerCount => ({ USD: {}, IQD: {} });

/** What a count of notes comes to in each currency, each in its own minor unit. */
export function countedAmounts(count: DrawerCount): CurrencyAmounts {
  return { USD: countNotes(count.USD), IQD: countNotes(count.IQD) };
}

/** The counting helper: how many of each note, per currency, with the total of each as it is counted. */
export function NoteCounter({ count, onChange, testId }: { count: DrawerCount; onChange: (count: DrawerCount) => void; testId: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <div className="note-counter" data-testid={testId}>
      {(['IQD', 'USD'] as const).map((currency) => (
        <fieldset key={currency} className="note-column">
          <legend>{t('shifts.counter.title', { currency: t(`shifts.currency.${currency}`) })}</legend>
          {DRAWER_NOTES[currency].map((note) => (
            <label key={note} className="note-row">
              <span>{t('shifts.counter.note', { note: noteText(f, note, currency) })}</span>
              <input
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={count[currency][note] ?? ''}
                onChange={(e) => {
                  const n = e.target.value === '' ? undefined : Math.max(0, Math.floor(Number(e.target.value)));
                  onChange({ ...count, [currency]: { ...count[currency], [note]: n } });
                }}
                data-testid={`${testId}-${currency}-${note}`}
              />
            </label>
          ))}
          <div className="note-total">
            <span>{t('shifts.counter.total')}</span>
            <strong data-testid={`${testId}-${currency}-total`}>{minorText(f, countNotes(count[currency]), currency)}</strong>
          </div>
        </fieldset>
      ))}
    </div>
  );
}
