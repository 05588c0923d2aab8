import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, isValidAmount, MAX_DRAWER_MINOR, type GeneralSettingsDto } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { FormOutcome } from '../../../components/ui/form-outcome.js';
import { sanitizeAmountInput, typedMinor } from '../../../lib/money.js';
import { useSaveShiftRulesMutation } from '../api/shifts-api.js';

/** Settings (admins): whether a till may sell with no open shift, and the difference a close may show without a manager. */
export function ShiftRulesForm({ settings }: { settings: GeneralSettingsDto }) {
  const { t } = useTranslation();
  const [sellWithout, setSellWithout] = useState(settings.sellWithoutShift);
  const [usd, setUsd] = useState(String(settings.shiftDifferenceLimit.USD / 100));
  const [iqd, setIqd] = useState(String(settings.shiftDifferenceLimit.IQD));
  const [save, saving] = useSaveShiftRulesMutation();
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSuccess(null);
    const limit = { USD: typedMinor(usd, 'USD'), IQD: typedMinor(iqd, 'IQD') };
    // The server's rule for a limit: a whole amount from zero, at most a drawer's worth.
    if (!CURRENCIES.every((c) => isValidAmount(limit[c], 'amountOrZero', { max: MAX_DRAWER_MINOR[c] })))
      return setError(t('shifts.rules.invalidLimit'));
    try {
      await save({ sellWithoutShift: sellWithout, shiftDifferenceLimit: limit }).unwrap();
      setSuccess(t('settings.general.saved'));
    } catch (err) {
      setError(errorText(err, t('settings.general.saveFailed')));
    }
  };

  return (
    <form className="panel settings-form" onSubmit={submit} noValidate data-testid="shift-rules-form">
      <h2>{t('shifts.rules.title')}</h2>
      <label className="checkbox">
        <input type="checkbox" checked={sellWithout} onChange={(e) => setSellWithout(e.target.checked)} data-testid="sell-without-shift" />
        {t('shifts.rules.sellWithoutShift')}
      </label>
      <p className="muted small">{t('shifts.rules.limitHelp')}</p>
      <label className="field">
        <span>{t('shifts.rules.limitUsd')}</span>
        <input
          type="text"
          inputMode="decimal"
          value={usd}
          onChange={(e) => setUsd(sanitizeAmountInput(e.target.value))}
          data-testid="limit-usd"
        />
      </label>
      <label className="field">
        <span>{t('shifts.rules.limitIqd')}</span>
        <input
          type="text"
          inputMode="numeric"
          value={iqd}
          onChange={(e) => setIqd(sanitizeAmountInput(e.target.value))}
          data-testid="limit-iqd"
        />
      </label>
      <FormOutcome error={error} success={success} testId="shift-rules" />
      <div className="row end">
        <button type="submit" className="button primary" disabled={saving.isLoading} data-testid="save-shift-rules">
          {saving.isLoading ? t('settings.general.saving') : t('settings.general.save')}
        </button>
      </div>
    </form>
  );
}
