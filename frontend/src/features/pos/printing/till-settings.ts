import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { PrintRequestDto, RegisterPrinterDto, TillSettingsDto } from '@dukan/contracts';
import { desktopBridge } from '../../../app/desktop.js';
import { sharedApi } from '../../../app/shared-api.js';
import { readBranch, readRegister } from '../../../app/session.js';
import { useCurrentUser } from '../../auth/index.js';
import { tillPush } from '../lib/catalogue-push.js';
import { CATALOGUE_POLL_MS } from '../lib/catalogue-sync.js';
import { offlineRead } from '../lib/offline-reads.js';

/** A blob as a data: URL, so the receipt carries its logo inline (nothing is fetched when it prints). */
function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(blob);
  });
}

/** The error of a print the shell's printer did not take (the server had made the bytes). */
export const SHELL_PRINTER_FAILED = 'SHELL_PRINTER_FAILED';

export function isShellPrinterFailure(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { error?: unknown }).error === SHELL_PRINTER_FAILED;
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
        offlineRead(
          'till-settings',
          () => baseQuery('/settings/till'),
          (res) => (res as { data: TillSettingsDto }).data,
        ),
      providesTags: ['TillSettings'],
    }),
    receiptLogo: build.query<string, string>({
      queryFn: (version, _api, _extra, baseQuery) =>
        offlineRead(
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
    /** In the desktop shell: the server makes the ESC/POS bytes and the shell sends them to this computer's printer. */
    printThroughShell: build.mutation<{ printer: string; bytes: number }, PrintRequestDto>({
      queryFn: async (body, _api, _extra, baseQuery) => {
        const res = await baseQuery({
          url: '/print/escpos',
          method: 'POST',
          body,
          responseHandler: (r) => (r.ok ? r.arrayBuffer() : r.json()),
        });
        if (res.error) return { error: res.error };
        const printEscpos = desktopBridge()?.printEscpos;
        try {
          if (!printEscpos) throw new Error('not in the desktop shell');
          return { data: await printEscpos(new Uint8Array(res.data as ArrayBuffer)) };
        } catch (err) {
          return { error: { status: 'CUSTOM_ERROR', error: SHELL_PRINTER_FAILED, data: String(err) } satisfies FetchBaseQueryError };
        }
      },
    }),
  }),
});

export const { useTillSettingsQuery, useReceiptLogoQuery, usePrintDocumentMutation, usePrintThroughShellMutation } = tillSettingsApi;

/**
 * This computer's own receipt printer when the app runs in the desktop shell and the shell has one: its name; null
 * when there is none (or no shell); undefined while the shell is being asked.
 */
export function useShellPrinter(): string | null | undefined {
  const [printer, setPrinter] = useState<string | null | undefined>(() => (desktopBridge()?.getPrinter ? undefined : null));
  useEffect(() => {
    const bridge = desktopBridge();
    if (!bridge?.getPrinter || !bridge.printEscpos) {
      setPrinter(null);
      return;
    }
    let live = true;
    bridge.getPrinter().then(
      (name) => live && setPrinter(name || null),
      () => live && setPrinter(null),
    );
    return () => {
      live = false;
    };
  }, []);
  return printer;
}

/** The settings while the till is open: asked for again when the push stream says they changed, else every few seconds. */
export function useTillSettings(follow = true): TillSettingsDto | undefined {
  const push = useSyncExternalStore(tillPush.subscribe, tillPush.snapshot);
  const { data, refetch } = useTillSettingsQuery(undefined, {
    pollingInterval: follow && !push.held ? CATALOGUE_POLL_MS : 0,
    skipPollingIfUnfocused: false,
  });
  const told = useRef(push.settings);
  useEffect(() => {
    if (!follow || told.current === push.settings) return;
    told.current = push.settings;
    void refetch();
  }, [follow, push.settings, refetch]);
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

/**
 * Where a 58 mm document prints from this till: the desktop shell's own printer when it has one, else the register's
 * receipt printer (null: none, the browser's print), with the call that sends it there and that call's state.
 */
export function usePaperPrinter(settings: TillSettingsDto | undefined) {
  const registerPrinter = useRegisterPrinter(settings);
  const shellPrinter = useShellPrinter();
  const [sendToServer, serverState] = usePrintDocumentMutation();
  const [sendThroughShell, shellState] = usePrintThroughShellMutation();
  return {
    printer: shellPrinter ?? registerPrinter,
    shellPrinter,
    send: shellPrinter ? sendThroughShell : sendToServer,
    state: shellPrinter ? shellState : serverState,
  };
}
