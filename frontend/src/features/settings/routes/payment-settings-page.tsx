import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TILL_TENDERS, type TillTender } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { FormOutcome } from '../../../components/ui/form-outcome.js';
import { useServerForm } from '../../../components/ui/use-server-form.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useCurrentUser } from '../../auth/index.js';
import { usePaymentSettingsQuery, useSavePaymentSettingsMutation } from '../api/settings-api.js';
import { SettingsHeader } from '../components/settings-header.js';
import { SettingsPageState } from '../components/settings-page-state.js';
import '../settings.css';

/** /settings/payments: the ways to pay the till offers, and the card terminal's name on the receipt. */
export function PaymentSettingsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const isAdmin = useCurrentUser()?.role === 'admin';
  const { data, error, isLoading, refetch } = usePaymentSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [save, saveState] = useSavePaymentSettingsMutation();
  const [tenders, setTenders] = useState<TillTender[] | null>(null);
  const [terminal, setTerminal] = useState('');
  const { formError, setFormError, success, setSuccess } = useServerForm();

  useEffect(() => {
    if (data && tenders === null) {
      setTenders(data.tenders);
      setTerminal(data.cardTerminalName);
    }
  }, [data, tenders]);

  const header = <SettingsHeader title={t('pages.paymentSettings')} subtitle={t('settings.payments.subtitle')} />;
  if (error && !data) {
    return <SettingsPageState header={header} error={errorText(error, t('settings.payments.loadFailed'))} onRetry={() => void refetch()} />;
  }
  if (isLoading || !data || tenders === null) return <SettingsPageState header={header} onRetry={() => void refetch()} />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    setSuccess(null);
    if (tenders.length === 0) return setFormError(t('settings.payments.atLeastOne'));
    try {
      const saved = await save({ tenders, cardTerminalName: terminal.trim() }).unwrap();
      setTenders(saved.tenders);
      setTerminal(saved.cardTerminalName);
      setSuccess(t('settings.payments.saved'));
      toast.success(t('settings.payments.saved'));
    } catch (err) {
      const text = errorText(err, t('settings.receipts.saveFailed'));
      setFormError(text);
      toast.error(text);
    }
  };

  return (
    <section className="page settings">
      {header}
      {!isAdmin && <p className="info-box">{t('settings.receipts.adminOnly')}</p>}
      <form className="panel settings-form" onSubmit={(e) => void submit(e)} noValidate data-testid="payment-settings-form">
        <h2>{t('settings.payments.tenders')}</h2>
        {TILL_TENDERS.map((tender) => (
          <label key={tender} className="checkbox">
            <input
              type="checkbox"
              checked={tenders.includes(tender)}
              disabled={!isAdmin}
              onChange={(e) => {
                setSuccess(null);
                setTenders(
                  e.target.checked ? TILL_TENDERS.filter((x) => x === tender || tenders.includes(x)) : tenders.filter((x) => x !== tender),
                );
              }}
              data-testid={`tender-${tender}`}
            />
            {t(`settings.payments.tender.${tender}`)}
          </label>
        ))}
        <label className="field">
          <span>{t('settings.payments.cardTerminal')}</span>
          <input
            type="text"
            value={terminal}
            maxLength={60}
            disabled={!isAdmin}
            onChange={(e) => setTerminal(e.target.value)}
            data-testid="card-terminal"
          />
        </label>
        <FormOutcome error={formError} success={success} testId="payment-settings" />
        {isAdmin && (
          <div className="row end">
            <button type="submit" className="button primary" disabled={saveState.isLoading} data-testid="save-payments">
              {saveState.isLoading ? t('settings.payments.saving') : t('settings.payments.save')}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}

export default PaymentSettingsPage;
