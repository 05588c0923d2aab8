// The browser shell's window: the installed Chromium, Chrome or Edge in app mode (its own window, no address bar),
// with a profile of its own in the user data folder.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

const LINUX = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'microsoft-edge', 'microsoft-edge-stable'];

/**
 * Where a Chromium-family browser is on this machine, most specific first.
 * @param {NodeJS.Platform} platform @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
export function browserCandidates(platform, env) {
  if (platform === 'win32') {
    const roots = [env['ProgramFiles(x86)'], env.ProgramFiles, env.LOCALAPPDATA].filter((r) => typeof r === 'string');
    return roots.flatMap((root) => [
      join(root, 'Microsoft', 'Edge', 'Application', 'msedge.exe'),
      join(root, 'Google', 'Chrome', 'Application', 'chrome.exe'),
      join(root, 'Chromium', 'Application', 'chrome.exe'),
    ]);
  }
  if (platform === 'darwin') {
    return ['Google Chrome', 'Chromium', 'Microsoft Edge'].map((app) => `/Applications/${app}.app/Contents/MacOS/${app}`);
  }
  const dirs = (env.PATH ?? '/usr/bin').split(delimiter).filter(Boolean);
  return LINUX.flatMap((name) => dirs.map((dir) => join(dir, name)));
}

/**
 * @param {{ preferred: string | null, platform?: NodeJS.Platform, env: Record<string, string | undefined> }} options
 * @returns {string | null}
 */
export function findBrowser({ preferred, platform = process.platform, env }) {
  for (const file of preferred ? [preferred] : browserCandidates(platform, env)) {
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      /* next */
    }
  }
  return null;
}

/**
 * The switches of an app-mode window on url with its own profile.
 * @param {{ url: string, profileDir: string, extra?: string[], asRoot?: boolean }} options
 */
export function appWindowArgs({ url, profileDir, extra = [], asRoot = false }) {
  return [
    `--app=${url}`,
    `--user-data-dir=${profileDir}`,
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-sync',
    '--disable-background-networking',
    '--disable-component-update',
    '--window-size=1280,800',
    // Chromium refuses to run as root with its sandbox (a container, a kiosk set up as root).
    ...(asRoot ? ['--no-sandbox'] : []),
    ...extra,
  ];
}

/**
 * @param {{ browser: string, url: string, profileDir: string, extra?: string[] }} options
 * @returns {import('node:child_process').ChildProcess}
 */
export function openAppWindow({ browser, url, profileDir, extra }) {
  return spawn(browser, appWindowArgs({ url, profileDir, extra, asRoot: process.getuid?.() === 0 }), { stdio: 'ignore' });
}
