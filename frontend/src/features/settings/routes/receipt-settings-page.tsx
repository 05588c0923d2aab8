import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  PAPER_WIDTHS,
  RECEIPT_FIELDS,
  type LogoType,
  type PaperWidth,
  type ReceiptSettingsDto,
} from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { FormOutcome } from '../../../components/ui/form-outcome.js';
import { useServerForm } from '../../../components/ui/use-server-form.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useFormat } from '../../../i18n/format.js';
import { useCurrentUser } from '../../auth/index.js';
import {
  useBranchesQuery,
  useReceiptSettingsQuery,
  useRemoveLogoMutation,
  useSaveReceiptSettingsMutation,
  useUploadLogoMutation,
} from '../api/settings-api.js';
import { SettingsHeader } from '../components/settings-header.js';
import { SettingsPageState } from '../components/settings-page-state.js';
import '../settings.css';

type Form = Omit<ReceiptSettingsDto, 'logo' | 'updatedAt' | 'printers'> & { printers: Record<string, { host: string; port: string }> };

const registerKey = (branchId: string, registerId: string) => `${branchId}/${registerId}`;

function toForm(s: ReceiptSettingsDto): Form {
  return {
    storeName: s.storeName,
    address: s.address,
    phone: s.phone,
    taxNumber: s.taxNumber,
    header: { ...s.header },
    footer: { ...s.footer },
    fields: { ...s.fields },
    paperWidth: s.paperWidth,
    printers: Object.fromEntries(s.printers.map((p) => [registerKey(p.branchId, p.registerId), { host: p.host, port: String(p.port) }])),
  };
}

/** A file as base64 (without the data: prefix). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/** /settings/receipts: the shop's details, texts, printed fields, paper width, logo, and each register's printer. */
export function ReceiptSettingsPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const toast = useToast();
  const isAdmin = useCurrentUser()?.role === 'admin';
  const { data, error, isLoading, refetch } = useReceiptSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const branches = useBranchesQuery();
  const [save, saveState] = useSaveReceiptSettingsMutation();
  const [uploadLogo, uploadState] = useUploadLogoMutation();
  const [removeLogo, removeState] = useRemoveLogoMutation();
  const [form, setForm] = useState<Form | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const { formError, setFormError, success, setSuccess } = useServerForm();
  const kb = Math.round(LOGO_MAX_BYTES / 1024);

  useEffect(() => {
    if (data && !form) setForm(toForm(data));
  }, [data, form]);

  const header = <SettingsHeader title={t('pages.receiptSettings')} subtitle={t('settings.receipts.subtitle')} />;
  if (error && !data) {
    return <SettingsPageState header={header} error={errorText(error, t('settings.receipts.loadFailed'))} onRetry={() => void refetch()} />;
  }
  if (isLoading || !data || !form) return <SettingsPageState header={header} onRetry={() => void refetch()} />;

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm({ ...form, [key]: value });
    setSuccess(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    setSuccess(null);
    const printers = Object.entries(form.printers)
      .filter(([, p]) => p.host.trim() !== '')
      .map(([key, p]) => {
        const [branchId = '', registerId = ''] = key.split('/');
        return { branchId, registerId, host: p.host.trim(), port: Number(p.port) || 9100 };
      });
    try {
      const saved = await save({ ...form, printers }).unwrap();
      setForm(toForm(saved));
      setSuccess(t('settings.receipts.saved'));
      toast.success(t('settings.receipts.saved'));
    } catch (err) {
      const text = errorText(err, t('settings.receipts.saveFailed'));
      setFormError(text);
      toast.error(text);
    }
  };

  const chooseLogo = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    setLogoError(null);
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return setLogoError(t('settings.receipts.logoType'));
    if (file.size > LOGO_MAX_BYTES) return setLogoError(t('settings.receipts.logoTooLarge', { kb: f.number(kb) }));
    try {
      await uploadLogo({ type: file.type as LogoType, data: await readBase64(file) }).unwrap();
    } catch (err) {
      setLogoError(errorText(err, t('settings.receipts.saveFailed')));
    }
  };

  const text = (name: string, label: string, value: string, onChange: (v: string) => void, dir?: 'rtl' | 'ltr', max = 300) => (
    <label className="field">
      <span>{label}</span>
      <input
        type="text"
        name={name}
        value={value}
        dir={dir}
        maxLength={max}
        disabled={!isAdmin}
        onChange={(e) => onChange(e.target.value)}
        data-testid={`receipt-${name}`}
      />
    </label>
  );

  return (
    <section className="page settings">
      {header}
      {!isAdmin && <p className="info-box">{t('settings.receipts.adminOnly')}</p>}
      <form className="settings-columns" onSubmit={(e) => void submit(e)} noValidate data-testid="receipt-settings-form">
        <div className="panel settings-form">
          <h2>{t('settings.receipts.shop')}</h2>
          {text('storeName', t('settings.receipts.storeName'), form.storeName, (v) => set('storeName', v), undefined, 100)}
          <p className="muted small">{t('settings.receipts.storeNameNote')}</p>
          {text('address', t('settings.receipts.address'), form.address, (v) => set('address', v))}
          {text('phone', t('settings.receipts.phone'), form.phone, (v) => set('phone', v), 'ltr', 40)}
          {text('taxNumber', t('settings.receipts.taxNumber'), form.taxNumber, (v) => set('taxNumber', v), 'ltr', 60)}
          <p className="muted small">{t('settings.receipts.taxNote')}</p>

          <h2>{t('settings.receipts.logo')}</h2>
          <div className="row gap receipt-logo">
            {data.logo ? (
              <img
                src={`/api/settings/receipts/logo?v=${data.logo.version}`}
                alt={t('settings.receipts.logo')}
                data-testid="receipt-logo"
              />
            ) : (
              <span className="muted">{t('settings.receipts.logoNone')}</span>
            )}
          </div>
          {isAdmin && (
            <div className="row gap">
              <label className="button">
                {t('settings.receipts.logoChoose')}
                <input
                  type="file"
                  accept={LOGO_TYPES.join(',')}
                  className="sr-only"
                  onChange={(e) => void chooseLogo(e)}
                  disabled={uploadState.isLoading}
                  data-testid="receipt-logo-file"
                />
              </label>
              {data.logo && (
                <button type="button" className="button" onClick={() => void removeLogo()} disabled={removeState.isLoading}>
                  {t('settings.receipts.logoRemove')}
                </button>
              )}
            </div>
          )}
          <p className="muted small">{t('settings.receipts.logoNote', { kb: f.number(kb) })}</p>
          {logoError && (
            <p className="form-error" role="alert" data-testid="receipt-logo-error">
              {logoError}
            </p>
          )}
        </div>

        <div className="panel settings-form">
          <h2>{t('settings.receipts.texts')}</h2>
          {text('headerEn', t('settings.receipts.headerEn'), form.header.en, (v) => set('header', { ...form.header, en: v }), 'ltr')}
          {text('headerKu', t('settings.receipts.headerKu'), form.header.ku, (v) => set('header', { ...form.header, ku: v }), 'rtl')}
          {text('footerEn', t('settings.receipts.footerEn'), form.footer.en, (v) => set('footer', { ...form.footer, en: v }), 'ltr')}
          {text('footerKu', t('settings.receipts.footerKu'), form.footer.ku, (v) => set('footer', { ...form.footer, ku: v }), 'rtl')}
          <p className="muted small">{t('settings.receipts.textsNote')}</p>

          <h2>{t('settings.receipts.fields')}</h2>
          {RECEIPT_FIELDS.map((field) => (
            <label key={field} className="checkbox">
              <input
                type="checkbox"
                checked={form.fields[field]}
                disabled={!isAdmin}
                onChange={(e) => set('fields', { ...form.fields, [field]: e.target.checked })}
                data-testid={`receipt-field-${field}`}
              />
              {t(`settings.receipts.field.${field}`)}
            </label>
          ))}

          <h2>{t('settings.receipts.paper')}</h2>
          <div className="row gap">
            {PAPER_WIDTHS.map((mm) => (
              <label key={mm} className="checkbox">
                <input
                  type="radio"
                  name="paperWidth"
                  checked={form.paperWidth === mm}
                  disabled={!isAdmin}
                  onChange={() => set('paperWidth', mm as PaperWidth)}
                  data-testid={`receipt-paper-${mm}`}
                />
                {t('settings.receipts.paperMm', { mm: f.number(mm) })}
              </label>
            ))}
          </div>

          <h2>{t('settings.receipts.printers')}</h2>
          <p className="muted small">{t('settings.receipts.printersNote')}</p>
          {(branches.data ?? [])
            .filter((b) => b.active !== false)
            .flatMap((b) =>
              b.registers.map((r) => {
                const key = registerKey(b._id, r);
                const p = form.printers[key] ?? { host: '', port: '9100' };
                const setPrinter = (next: { host: string; port: string }) => set('printers', { ...form.printers, [key]: next });
                return (
                  <fieldset key={key} className="printer-row" data-testid={`printer-${key}`}>
                    <legend>{t('settings.receipts.register', { branch: b.name, register: r })}</legend>
                    <label className="field">
                      <span>{t('settings.receipts.printerHost')}</span>
                      <input
                        type="text"
                        dir="ltr"
                        value={p.host}
                        placeholder="192.168.1.50"
                        disabled={!isAdmin}
                        onChange={(e) => setPrinter({ ...p, host: e.target.value })}
                        data-testid={`printer-host-${key}`}
                      />
                    </label>
                    <label className="field">
                      <span>{t('settings.receipts.printerPort')}</span>
                      <input
                        type="number"
                        dir="ltr"
                        min={1}
                        max={65535}
                        value={p.port}
                        disabled={!isAdmin}
                        onChange={(e) => setPrinter({ ...p, port: e.target.value })}
                      />
                    </label>
                  </fieldset>
                );
              }),
            )}
          <FormOutcome error={formError} success={success} testId="receipt-settings" />
          {isAdmin && (
            <div className="row end">
              <button type="submit" className="button primary" disabled={saveState.isLoading} data-testid="save-receipts">
                {saveState.isLoading ? t('settings.receipts.saving') : t('settings.receipts.save')}
              </button>
            </div>
          )}
        </div>
      </form>
    </section>
  );
}

export default ReceiptSettingsPage;
