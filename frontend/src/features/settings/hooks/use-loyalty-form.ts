import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoyaltySettingsDto } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { useLoyaltySettingsQuery } from '../../../app/shared-api.js';
import { useServerForm } from '../../../components/ui/use-server-form.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useFormat } from '../../../i18n/format.js';
import { useSettingsSaveLoyaltyMutation } from '../api/settings-api.js';
import { loyaltyFormFrom, loyaltyPayload, validateLoyalty, type FieldError, type LoyaltyForm } from '../lib/settings-rules.js';

function isSettings(value: unknown): value is LoyaltySettingsDto {
  return typeof value === 'object' && value !== null && 'pointsPerDollar' in value && 'statusTiers' in value;
}

/** A change to the loyalty form: the field's path (its errors clear) and how the form changes. */
export type UpdateLoyalty = (path: string, change: (f: LoyaltyForm) => LoyaltyForm) => void;

/**
 * The loyalty settings form's state: loaded once from the server, checked before saving, then filled from what the
 * server kept; each field's error (the form's own check, or the server's) clears when the field changes.
 */
export function useLoyaltyForm() {
  const { t } = useTranslation();
  const f = useFormat();
  const toast = useToast();
  const query = useLoyaltySettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [save, saveState] = useSettingsSaveLoyaltyMutation();
  const [form, setForm] = useState<LoyaltyForm | null>(null);
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const { formError, setFormError, success, setSuccess, fieldErrors } = useServerForm();
  const settings = isSettings(query.data) ? query.data : null;

  // Filled once from the server; after a save, from what the server kept.
  useEffect(() => {
    if (settings && !form) setForm(loyaltyFormFrom(settings));
  }, [settings, form]);

  const loadFailed = Boolean(query.error && !query.data);
  useEffect(() => {
    if (loadFailed) toast.error(t('settings.loyalty.loadFailed'));
  }, [loadFailed, toast, t]);

  const touched = (path: string) => {
    setSuccess(null);
    setErrors(({ [path]: _a, ...rest }) => (void _a, rest));
    setServerErrors(({ [path]: _b, ...rest }) => (void _b, rest));
  };
  const update: UpdateLoyalty = (path, change) => {
    setForm((current) => (current ? change(current) : current));
    touched(path);
  };
  const removeTier = (i: number) => {
    update('tiers', (s) => ({ ...s, tiers: s.tiers.filter((_, j) => j !== i) }));
    // Errors of the rows were keyed by position: check again on save.
    setErrors({});
    setServerErrors({});
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form) return;
    setFormError(null);
    setSuccess(null);
    const found = validateLoyalty(form);
    setErrors(found);
    setServerErrors({});
    if (Object.keys(found).length > 0) {
      setFormError(t('settings.loyalty.fixErrors'));
      return;
    }
    try {
      const kept = await save(loyaltyPayload(form)).unwrap();
      setForm(loyaltyFormFrom(kept));
      setSuccess(t('settings.loyalty.saved'));
      toast.success(t('settings.loyalty.saved'));
    } catch (err) {
      const fields = fieldErrors(err);
      if (Object.keys(fields).length > 0) setServerErrors(fields);
      const text = errorText(err, t('settings.loyalty.saveFailed'));
      setFormError(text);
      toast.error(text);
    }
  };

  const errorFor = (path: string): string | null => {
    const e = errors[path];
    if (e) {
      const params = Object.fromEntries(Object.entries(e.params ?? {}).map(([k, v]) => [k, f.number(v)]));
      return t(`settings.loyalty.${e.key}`, params);
    }
    return serverErrors[path] ?? null;
  };

  return { query, settings, form, loadFailed, saving: saveState.isLoading, update, removeTier, submit, errorFor, formError, success };
}
