// The Electron shell's preload: exposes exactly the desktop bridge (desktop/src/supervisor/bridge.mjs BRIDGE_MEMBERS)
// to the page as window.dukanDesktop, over IPC, in an isolated context. A sandboxed preload may require only
// 'electron', so the channel names are repeated here; a test checks them against CHANNELS.
const { contextBridge, ipcRenderer } = require('electron');

const CHANNELS = {
  status: 'dukan:server-status',
  logs: 'dukan:server-logs',
  restart: 'dukan:restart-server',
  checkForUpdates: 'dukan:check-for-updates',
  firstRun: 'dukan:first-run-admin',
  statusChanged: 'dukan:server-status-changed',
  log: 'dukan:server-log',
  update: 'dukan:update-message',
  language: 'dukan:language',
  printer: 'dukan:printer',
  print: 'dukan:print',
  backups: 'dukan:backups',
  saveBackups: 'dukan:save-backups',
  backupNow: 'dukan:backup-now',
  restoreBackup: 'dukan:restore-backup',
  chooseFolder: 'dukan:choose-folder',
};

/** The main process passes small facts as switches (webPreferences.additionalArguments). */
function argument(name) {
  const prefix = `--dukan-${name}=`;
  const found = process.argv.find((a) => a.startsWith(prefix));
  return found ? found.slice(prefix.length) : undefined;
}

function subscribe(channel) {
  return (listener) => {
    const forward = (_event, data) => listener(data);
    ipcRenderer.on(channel, forward);
    return () => ipcRenderer.removeListener(channel, forward);
  };
}

contextBridge.exposeInMainWorld('dukanDesktop', {
  version: argument('version'),
  platform: argument('platform') ?? process.platform,
  shell: 'electron',
  getServerStatus: () => ipcRenderer.invoke(CHANNELS.status),
  onServerStatus: subscribe(CHANNELS.statusChanged),
  getServerPort: () => ipcRenderer.invoke(CHANNELS.status).then((s) => s.port),
  getServerLogs: () => ipcRenderer.invoke(CHANNELS.logs),
  onServerLog: subscribe(CHANNELS.log),
  restartServer: () => ipcRenderer.invoke(CHANNELS.restart),
  checkForUpdates: () => ipcRenderer.invoke(CHANNELS.checkForUpdates),
  onUpdateMessage: subscribe(CHANNELS.update),
  getFirstRunAdmin: () => ipcRenderer.invoke(CHANNELS.firstRun),
  getPrinter: () => ipcRenderer.invoke(CHANNELS.printer),
  printEscpos: (bytes) => ipcRenderer.invoke(CHANNELS.print, bytes),
  getBackups: () => ipcRenderer.invoke(CHANNELS.backups),
  saveBackupSettings: (choice) => ipcRenderer.invoke(CHANNELS.saveBackups, choice),
  backupNow: () => ipcRenderer.invoke(CHANNELS.backupNow),
  restoreBackup: (file, passphrase) => ipcRenderer.invoke(CHANNELS.restoreBackup, file, passphrase),
  chooseBackupFolder: () => ipcRenderer.invoke(CHANNELS.chooseFolder),
});

// The menu follows the page's language, which the app writes to <html lang>.
window.addEventListener('DOMContentLoaded', () => {
  const root = document.documentElement;
  const tell = () => ipcRenderer.send(CHANNELS.language, root.lang);
  tell();
  new MutationObserver(tell).observe(root, { attributes: true, attributeFilter: ['lang'] });
});
