import type { PrintRequestDto, RegisterPrinterDto, TillSettingsDto } from '@dukan/contracts';
import { sharedApi } from '../../../app/shared-api.js';
import { readBranch, readRegister } from '../../../app/session.js';
import { useCurrentUser } from '../../auth/index.js';
import { CATALOGUE_POLL_MS } from '../lib/catalogue-sync.js';
import { keptRead } from '../lib/kept-reads.js';

/** A blob as a data: URL, so the receipt carries its logo inline (nothing is fetched when it prints). */
function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(blob);
  });
}

/**
 * The shop's receipt and payment settings as an open till follows them: asked every few seconds like the catalogue's
 * delta (the server answers 304 while nothing changed, so the browser hands back its copy), and kept in the browser for
 * a till opened while the server is away.
 */
export const tillSettingsApi = sharedApi.injectEndpoints({
  endpoints: (build) => ({
    tillSettings: build.query<TillSettingsDto, void>({
      queryFn: (_arg, _api, _extra, baseQuery) =>
        keptRead(
          'till-settings',
          () => baseQuery('/settings/till'),
          (res) => (res as { data: TillSettingsDto }).data,
        ),
      providesTags: ['TillSettings'],
    }),
    receiptLogo: build.query<string, string>({
      queryFn: (version, _api, _extra, baseQuery) =>
        keptRead(
          `receipt-logo:${version}`,
          () => baseQuery({ url: '/settings/receipts/logo', params: { v: version }, responseHandler: (r) => r.blob().then(dataUrl) }),
          (raw) => raw as string,
        ),
      keepUnusedDataFor: 3600,
    }),
    printDocument: build.mutation<{ printer: string; bytes: number }, PrintRequestDto>({
      query: (body) => ({ url: '/print', method: 'POST', body }),
      transformResponse: (res: { data: { printer: string; bytes: number } }) => res.data,
    }),
  }),
});

export const { useTillSettingsQuery, useReceiptLogoQuery, usePrintDocumentMutation } = tillSettingsApi;

/** The settings while the till is open: followed every few seconds. */
export function useTillSettings(follow = true): TillSettingsDto | undefined {
  const { data } = useTillSettingsQuery(undefined, { pollingInterval: follow ? CATALOGUE_POLL_MS : 0, skipPollingIfUnfocused: false });
  return data;
}

/** The logo as a data: URL, or null when the shop has none (or it cannot be had). */
export function useReceiptLogo(settings: TillSettingsDto | undefined): string | null {
  const version = settings?.receipt.logo?.version;
  const { data } = useReceiptLogoQuery(version ?? '', { skip: !version });
  return version ? (data ?? null) : null;
}

/** The printer of this device's register, or null (then the browser prints). */
export function useRegisterPrinter(settings: TillSettingsDto | undefined): RegisterPrinterDto | null {
  const user = useCurrentUser();
  const branch = readBranch() ?? user?.homeBranch ?? 'main';
  const register = readRegister();
  return settings?.receipt.printers.find((p) => p.branchId === branch && p.registerId === register) ?? null;
}
