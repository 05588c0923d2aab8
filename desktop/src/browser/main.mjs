// `npm run desktop`: the desktop shell for a machine without Electron. The supervisor runs the server; the app opens
// in the installed Chromium, Chrome or Edge in app mode, on the shell's address, with the desktop bridge.
import { join } from 'node:path';
import { shellBackups } from '../supervisor/backups.mjs';
import { BridgeHost } from '../supervisor/bridge.mjs';
import { DesktopConfigError, loadDesktopConfig } from '../supervisor/config.mjs';
import { LogView } from '../supervisor/log-view.mjs';
import { repoRoot, serverCommand, VERSION } from '../supervisor/server-entry.mjs';
import { AlreadyRunningError } from '../supervisor/server-status.mjs';
import { Supervisor } from '../supervisor/supervisor.mjs';
import { UpdateChecker } from '../supervisor/updates.mjs';
import { findBrowser, openAppWindow } from './app-window.mjs';
import { startShellServer } from './shell-server.mjs';

/** @param {string} text */
const say = (text) => process.stdout.write(`${text}\n`);

let config;
try {
  config = loadDesktopConfig();
} catch (e) {
  if (!(e instanceof DesktopConfigError)) throw e;
  process.stderr.write(`${e.message}\n`);
  process.exit(1);
}

const log = new LogView({ dir: config.logDir });
log.on('line', (line) => say(line));
const supervisor = new Supervisor({ config, server: serverCommand(), log });
const backups = shellBackups(supervisor);
const browser = findBrowser({ preferred: config.browser, env: config.env });
const profileDir = join(config.userDataDir, 'browser');

try {
  supervisor.claim();
} catch (e) {
  if (!(e instanceof AlreadyRunningError)) throw e;
  const url = typeof e.holder.url === 'string' ? e.holder.url : null;
  say(`${e.message}${url ? `: ${url}` : ''}`);
  // Its browser takes the request and opens another window on the running shop.
  if (url && browser) {
    openAppWindow({ browser, url, profileDir, extra: config.browserArgs }).unref();
    process.exit(0);
  }
  process.exit(1);
}

if (!config.skipBuild) {
  const { build } = await import(join(repoRoot, 'scripts', 'build.mjs'));
  say('Building Dukan (only what changed)…');
  build({ quiet: true });
}

const updates = new UpdateChecker({ feedUrl: config.updateUrl, currentVersion: VERSION });
const host = new BridgeHost({ supervisor, updates, version: VERSION, shell: 'browser', printer: config.printer, backups: backups.panel });
const shell = await startShellServer({ host, port: config.shellPort });
supervisor.announce({ url: shell.url });
supervisor.on('first-run', () => say('First start: the admin account and its password are shown in the Dukan window.'));
say(`Dukan ${VERSION}: ${shell.url} (data in ${config.userDataDir})`);
if (host.printer()) say(`Receipt printer: ${host.printer()}`);

/** @type {import('node:child_process').ChildProcess | null} */
let appWindow = null;
let quitting = false;
async function quit(code = 0) {
  if (quitting) return;
  quitting = true;
  await backups.beforeStop().catch((e) => say(`backup: ${e instanceof Error ? e.message : e}`));
  await supervisor.stop().catch((e) => say(`while stopping: ${e instanceof Error ? e.message : e}`));
  await shell.close();
  if (appWindow && appWindow.exitCode === null) appWindow.kill();
  process.exit(code);
}
for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) process.on(sig, () => void quit(0));

// The window opens at once on a "starting" page that becomes the app when the server answers.
supervisor.start().catch((e) => say(`[shell] ${e instanceof Error ? e.message : e}`));
appWindow = browser ? openAppWindow({ browser, url: shell.entryUrl, profileDir, extra: config.browserArgs }) : null;
if (appWindow) {
  say(`Window: ${browser}`);
  // Closing the window quits the shop's app, as closing the Electron window does.
  appWindow.once('exit', () => void quit(0));
  appWindow.once('error', (e) => say(`the browser could not be opened (${e.message}); open ${shell.entryUrl} in a browser`));
} else {
  say(
    `No Chromium, Chrome or Edge found (set DUKAN_BROWSER): open ${shell.entryUrl} in a browser (once: it admits that window only). Ctrl-C quits.`,
  );
}
