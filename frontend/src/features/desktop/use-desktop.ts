import { useEffect, useState } from 'react';
import type { DesktopBridge, ServerStatus, UpdateMessage } from '../../app/desktop.js';

/** The spec's log view keeps the last 100 lines. */
export const LOG_VIEW_LINES = 100;

/** The server's status, kept current by the shell's change events. */
export function useServerStatus(bridge: DesktopBridge | null): ServerStatus | null {
  const [status, setStatus] = useState<ServerStatus | null>(null);
  useEffect(() => {
    if (!bridge) return;
    let live = true;
    const off = bridge.onServerStatus?.((s) => setStatus(s));
    bridge
      .getServerStatus?.()
      .then((s) => live && setStatus((current) => current ?? s))
      .catch(() => undefined);
    return () => {
      live = false;
      off?.();
    };
  }, [bridge]);
  return status;
}

/** The last 100 lines of the server's log, as they arrive. */
export function useServerLog(bridge: DesktopBridge | null): string[] {
  const [lines, setLines] = useState<string[]>([]);
  useEffect(() => {
    if (!bridge) return;
    let live = true;
    const off = bridge.onServerLog?.((line) => setLines((current) => [...current, line].slice(-LOG_VIEW_LINES)));
    bridge
      .getServerLogs?.()
      .then((all) => live && setLines(all.slice(-LOG_VIEW_LINES)))
      .catch(() => undefined);
    return () => {
      live = false;
      off?.();
    };
  }, [bridge]);
  return lines;
}

/** The latest update-check message the shell sent. */
export function useUpdateMessage(bridge: DesktopBridge | null): UpdateMessage | null {
  const [message, setMessage] = useState<UpdateMessage | null>(null);
  useEffect(() => bridge?.onUpdateMessage?.((m) => setMessage(m)), [bridge]);
  return message;
}

/** The spec colours update messages by content: errors, "latest", and anything about a download. */
export function updateTone(kind: UpdateMessage['kind']): 'danger' | 'success' | 'download' | 'neutral' {
  if (kind === 'error') return 'danger';
  if (kind === 'latest') return 'success';
  if (kind === 'available' || kind === 'downloading' || kind === 'downloaded') return 'download';
  return 'neutral';
}

export function stateTone(state: ServerStatus['state'] | undefined): 'success' | 'warning' | 'danger' {
  if (state === 'running') return 'success';
  if (state === 'failed' || state === 'stopped') return 'danger';
  return 'warning';
}
