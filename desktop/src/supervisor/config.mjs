// The desktop shell's settings: the one place in desktop/ that reads the environment.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * @typedef {object} DesktopConfig
 * @property {string} userDataDir    the shell's folder in the operating system's user data folder
 * @property {string} dataDir        the server's data folder (embedded database, keys), inside userDataDir
 * @property {string} logDir         rotating log files
 * @property {number} port           first port tried for the server (5000, else the next free one)
 * @property {number} dbPort         first port tried for the embedded PostgreSQL
 * @property {number} shellPort      first port tried for the browser shell's own address
 * @property {string|null} updateUrl where electron-builder's update files are published; none by default
 * @property {string|null} browser   a Chromium, Chrome or Edge to use instead of the first one found
 * @property {string[]} browserArgs  extra switches for that browser
 * @property {import('./printer.mjs').PrinterTarget|null} printer this computer's receipt printer, which the shell prints to
 * @property {number[]} restartDelaysMs backoff after the server dies, one entry per consecutive failure
 * @property {string|null} adminPassword DUKAN_ADMIN_PASSWORD, only to keep it out of the log view
 * @property {string} logLevel
 * @property {boolean} skipBuild     run the repository's server as built (DUKAN_SKIP_BUILD=1), as `npm start` does
 * @property {Record<string, string | undefined>} env what the server inherits (PATH, HOME, ...), without a DATABASE_URL
 */

export const APP_NAME = 'Dukan';

/**
 * Where the operating system keeps an application's data, the same folder Electron's app.getPath('userData')
 * gives: %APPDATA%\Dukan, ~/Library/Application Support/Dukan, $XDG_CONFIG_HOME/Dukan (~/.config/Dukan).
 * @param {NodeJS.Platform} platform
 * @param {Record<string, string | undefined>} env
 * @param {string} home
 */
export function userDataFolder(platform, env, home) {
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), APP_NAME);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_NAME);
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), APP_NAME);
}

/** @param {string | undefined} value @param {string} name @param {number} fallback @param {string[]} problems */
function port(value, name, fallback, problems) {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) {
    problems.push(`${name}: a port number (1-65535), got "${value}"`);
    return fallback;
  }
  return n;
}

/** @param {string | undefined} value @param {string[]} problems */
function delays(value, problems) {
  const fallback = [1000, 2000, 5000, 10000, 30000];
  if (!value) return fallback;
  const list = value.split(',').map((s) => Number(s.trim()));
  if (list.length === 0 || list.some((n) => !Number.isInteger(n) || n < 0)) {
    problems.push(`DUKAN_RESTART_DELAYS_MS: comma-separated milliseconds, got "${value}"`);
    return fallback;
  }
  return list;
}

/** @param {string | undefined} value @param {string[]} problems */
function feedUrl(value, problems) {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:' || url.protocol === 'file:') return value.replace(/\/+$/, '');
  } catch {
    /* reported below */
  }
  problems.push(`DUKAN_UPDATE_URL: an http(s) or file URL, got "${value}"`);
  return null;
}

/**
 * The computer's own receipt printer: a device file (a USB printer, e.g. /dev/usb/lp0, or \\.\USB001 on Windows) or a
 * network printer as host or host:port (port 9100 unless told), for one the server cannot reach.
 * @param {string | undefined} value @param {string[]} problems
 * @returns {import('./printer.mjs').PrinterTarget | null}
 */
export function printerTarget(value, problems) {
  const text = value?.trim();
  if (!text) return null;
  if (text.startsWith('/') || text.startsWith('\\\\') || /^[A-Za-z]:\\/.test(text)) return { kind: 'device', path: text };
  const m = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:]+\])(?::(\d{1,5}))?$/.exec(text);
  const portNumber = m?.[2] === undefined ? 9100 : Number(m[2]);
  if (!m || portNumber < 1 || portNumber > 65535) {
    problems.push(
      `DUKAN_PRINTER: a printer's device file (/dev/usb/lp0) or network address (192.168.1.50 or 192.168.1.50:9100), got "${text}"`,
    );
    return null;
  }
  return { kind: 'network', host: m[1].replace(/^\[|\]$/g, ''), port: portNumber };
}

/**
 * Settings an installed app keeps beside its data (config.json in the user data folder), for what a shop sets once,
 * such as where updates are published and the receipt printer: { "updateUrl": "https://…", "printer": "/dev/usb/lp0" }.
 * The environment wins over the file.
 * @param {string} userDataDir @returns {Record<string, string | undefined>}
 */
function fileSettings(userDataDir) {
  try {
    const file = JSON.parse(readFileSync(join(userDataDir, 'config.json'), 'utf8'));
    return {
      DUKAN_UPDATE_URL: typeof file.updateUrl === 'string' ? file.updateUrl : undefined,
      DUKAN_PRINTER: typeof file.printer === 'string' ? file.printer : undefined,
    };
  } catch {
    return {};
  }
}

/** A bad value stops the start with a list of what is wrong, as the server's config does. */
export class DesktopConfigError extends Error {}

/**
 * @param {Record<string, string | undefined>} [env]
 * @param {{ platform?: NodeJS.Platform, home?: string }} [machine]
 * @returns {DesktopConfig}
 */
export function loadDesktopConfig(env = process.env, machine = {}) {
  const problems = [];
  const userDataDir = env.DUKAN_USER_DATA_DIR || userDataFolder(machine.platform ?? process.platform, env, machine.home ?? homedir());
  const saved = fileSettings(userDataDir);
  const config = {
    userDataDir,
    dataDir: join(userDataDir, 'data'),
    logDir: join(userDataDir, 'logs'),
    port: port(env.PORT, 'PORT', 5000, problems),
    dbPort: port(env.DUKAN_DB_PORT, 'DUKAN_DB_PORT', 5488, problems),
    shellPort: port(env.DUKAN_SHELL_PORT, 'DUKAN_SHELL_PORT', 5080, problems),
    updateUrl: feedUrl(env.DUKAN_UPDATE_URL || saved.DUKAN_UPDATE_URL, problems),
    printer: printerTarget(env.DUKAN_PRINTER || saved.DUKAN_PRINTER, problems),
    browser: env.DUKAN_BROWSER || null,
    browserArgs: env.DUKAN_BROWSER_ARGS ? env.DUKAN_BROWSER_ARGS.split(' ').filter(Boolean) : [],
    restartDelaysMs: delays(env.DUKAN_RESTART_DELAYS_MS, problems),
    adminPassword: env.DUKAN_ADMIN_PASSWORD || null,
    logLevel: env.LOG_LEVEL || 'info',
    skipBuild: env.DUKAN_SKIP_BUILD === '1',
    // The desktop always runs its own embedded database in its own folder.
    env: Object.fromEntries(
      Object.entries(env).filter(([k]) => !['DATABASE_URL', 'DUKAN_DATA_DIR', 'PORT', 'DUKAN_DB_PORT', 'HOST'].includes(k)),
    ),
  };
  if (problems.length > 0) throw new DesktopConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return config;
}
