// The Electron shell: one window on the served app, the desktop bridge over IPC, the app's own menu, updates.
// Kept thin: everything it does is in ../supervisor, which is tested without Electron.
import { app, BrowserWindow, dialog, ipcMain, Menu, shell } from 'electron';
import electronUpdater from 'electron-updater';
import { join } from 'node:path';
import { shellBackups } from '../supervisor/backups.mjs';
import { BridgeHost, CHANNELS } from '../supervisor/bridge.mjs';
import { loadDesktopConfig } from '../supervisor/config.mjs';
import { LogView } from '../supervisor/log-view.mjs';
import { appMenu, menuLanguage } from '../supervisor/menu.mjs';
import { desktopDir, serverCommand } from '../supervisor/server-entry.mjs';
import { AlreadyRunningError } from '../supervisor/server-status.mjs';
import { Supervisor } from '../supervisor/supervisor.mjs';
import { ElectronUpdates } from '../supervisor/updates.mjs';
import { WAITING_PAGE } from '../supervisor/waiting-page.mjs';

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // The folder Electron gives this app is the one the supervisor computes; passing it keeps them the same.
  const config = loadDesktopConfig({ ...process.env, DUKAN_USER_DATA_DIR: process.env.DUKAN_USER_DATA_DIR || app.getPath('userData') });
  const version = app.getVersion();
  const log = new LogView({ dir: config.logDir });
  const supervisor = new Supervisor({
    config,
    server: serverCommand({ resourcesPath: app.isPackaged ? process.resourcesPath : null, electron: true }),
    log,
  });
  const backups = shellBackups(supervisor, { electron: true });
  const updates = new ElectronUpdates({ feedUrl: config.updateUrl, autoUpdater: electronUpdater.autoUpdater });
  /** @type {BrowserWindow | null} */
  let win = null;
  /** @param {string} current */
  const pickFolder = async (current) => {
    const options = /** @type {Electron.OpenDialogOptions} */ ({
      defaultPath: current || undefined,
      properties: ['openDirectory', 'createDirectory'],
    });
    const picked = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
    return picked.canceled ? null : (picked.filePaths[0] ?? null);
  };
  const host = new BridgeHost({
    supervisor,
    updates,
    version,
    shell: 'electron',
    printer: config.printer,
    backups: backups.panel,
    pickFolder,
  });
  /** @type {string | null} */
  let serverUrl = null;
  let stopped = false;
  let language = /** @type {'en' | 'ku'} */ (menuLanguage(app.getLocale()));

  const setMenu = () =>
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        /** @type {Electron.MenuItemConstructorOptions[]} */ (
          appMenu(language, version, {
            reload: () => win?.webContents.reload(),
            restartServer: () => void host.restart('from the menu').catch(() => undefined),
            checkForUpdates: () => void host.checkForUpdates(),
            openLogFolder: () => void shell.openPath(config.logDir),
            openDataFolder: () => void shell.openPath(config.userDataDir),
            quit: () => app.quit(),
          })
        ),
      ),
    );

  /** @param {import('../supervisor/supervisor.mjs').ServerStatus} status */
  const showApp = (status) => {
    if (status.state !== 'running' || !win) return;
    const url = `http://127.0.0.1:${status.port}/`;
    if (url !== serverUrl) {
      serverUrl = url;
      void win.loadURL(url);
    }
  };

  const createWindow = () => {
    win = new BrowserWindow({
      width: 1280,
      height: 800,
      title: 'Dukan',
      webPreferences: {
        preload: join(desktopDir, 'src', 'preload', 'preload.cjs'),
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        additionalArguments: [`--dukan-version=${version}`, `--dukan-platform=${process.platform}`],
      },
    });
    // The window shows Dukan only; other links open in the system's browser.
    win.webContents.setWindowOpenHandler(({ url }) => {
      void shell.openExternal(url);
      return { action: 'deny' };
    });
    win.webContents.on('will-navigate', (event, url) => {
      if (serverUrl && url.startsWith(serverUrl)) return;
      event.preventDefault();
      if (/^https?:/.test(url)) void shell.openExternal(url);
    });
    win.on('closed', () => {
      win = null;
    });
    serverUrl = null;
    void win.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(WAITING_PAGE)}`);
    showApp(supervisor.status);
  };

  ipcMain.handle(CHANNELS.status, () => host.serverStatus());
  ipcMain.handle(CHANNELS.logs, () => host.logs());
  ipcMain.handle(CHANNELS.restart, () => host.restart('asked by the window'));
  ipcMain.handle(CHANNELS.checkForUpdates, () => host.checkForUpdates());
  ipcMain.handle(CHANNELS.firstRun, () => host.firstRunAdmin());
  ipcMain.handle(CHANNELS.printer, () => host.printer());
  // Only the app's own page prints, with the bytes its server made.
  ipcMain.handle(CHANNELS.print, (event, bytes) => {
    if (!serverUrl || !event.senderFrame?.url.startsWith(serverUrl)) throw new Error('forbidden');
    return host.print(bytes);
  });
  // Backups hold the whole shop: only the app's own page asks for them.
  /** @param {Electron.IpcMainInvokeEvent} event */
  const fromApp = (event) => {
    if (!serverUrl || !event.senderFrame?.url.startsWith(serverUrl)) throw new Error('forbidden');
  };
  ipcMain.handle(CHANNELS.backups, (event) => (fromApp(event), host.getBackups()));
  ipcMain.handle(CHANNELS.saveBackups, (event, choice) => (fromApp(event), host.saveBackupSettings(choice)));
  ipcMain.handle(CHANNELS.backupNow, (event) => (fromApp(event), host.backupNow()));
  ipcMain.handle(CHANNELS.restoreBackup, (event, file, passphrase) => (fromApp(event), host.restoreBackup(file, passphrase)));
  ipcMain.handle(CHANNELS.chooseFolder, (event) => (fromApp(event), host.chooseBackupFolder()));
  ipcMain.on(CHANNELS.language, (_event, lang) => {
    const next = menuLanguage(String(lang));
    if (next !== language) {
      language = next;
      setMenu();
    }
  });
  host.on('status', (s) => {
    win?.webContents.send(CHANNELS.statusChanged, s);
    showApp(s);
  });
  host.on('log', (line) => win?.webContents.send(CHANNELS.log, line));
  host.on('update', (m) => win?.webContents.send(CHANNELS.update, m));

  app.on('second-instance', () => {
    if (!win) return createWindow();
    if (win.isMinimized()) win.restore();
    win.focus();
  });
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    void backups
      .beforeStop()
      .catch(() => undefined)
      .then(() => supervisor.stop())
      .finally(() => {
        stopped = true;
        app.quit();
      });
  });

  app.whenReady().then(() => {
    try {
      supervisor.claim();
    } catch (e) {
      if (!(e instanceof AlreadyRunningError)) throw e;
      dialog.showErrorBox('Dukan', e.message);
      stopped = true;
      app.quit();
      return;
    }
    setMenu();
    createWindow();
    supervisor.start().catch(() => undefined); // it retries by itself; the window shows the status
  });
}
