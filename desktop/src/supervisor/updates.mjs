// Update checks against the feed electron-builder publishes (its "generic" provider: latest.yml and friends).
// The Electron shell lets electron-updater download and install; the browser shell can only tell what is there.
import { EventEmitter } from 'node:events';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * What the page is told, coloured by kind: error red, latest green, available/downloading/downloaded as a download.
 * @typedef {object} UpdateMessage
 * @property {'checking' | 'latest' | 'available' | 'downloading' | 'downloaded' | 'error' | 'disabled'} kind
 * @property {string} [version]
 * @property {number} [percent]
 * @property {string} [url]
 * @property {string} [detail]
 */

/** @param {NodeJS.Platform} platform the feed file electron-builder writes for that platform */
export function feedFile(platform) {
  if (platform === 'win32') return 'latest.yml';
  if (platform === 'darwin') return 'latest-mac.yml';
  return 'latest-linux.yml';
}

/**
 * The top-level version and path of a latest*.yml (flat keys; no YAML library needed for them).
 * @param {string} text @returns {{ version: string, path: string | null }}
 */
export function parseFeed(text) {
  const value = (/** @type {string} */ key) => {
    const m = new RegExp(`^${key}:\\s*['"]?([^'"\\r\\n]+?)['"]?\\s*$`, 'm').exec(text);
    return m ? m[1] : null;
  };
  const version = value('version');
  if (!version) throw new Error('the update feed names no version');
  return { version, path: value('path') };
}

/**
 * Semantic versions compared: 1.10.0 > 1.9.2, 1.0.0 > 1.0.0-beta.2.
 * @param {string} a @param {string} b @returns {number}
 */
export function compareVersions(a, b) {
  const split = (/** @type {string} */ v) => {
    const [core, pre] = v.replace(/^v/, '').split('-', 2);
    return { nums: core.split('.').map((n) => Number.parseInt(n, 10) || 0), pre: pre ?? null };
  };
  const x = split(a);
  const y = split(b);
  for (let i = 0; i < Math.max(x.nums.length, y.nums.length); i++) {
    const d = (x.nums[i] ?? 0) - (y.nums[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === null) return 1;
  if (y.pre === null) return -1;
  return x.pre < y.pre ? -1 : 1;
}

/** @param {string} url */
async function download(url) {
  if (url.startsWith('file:')) return readFile(fileURLToPath(url), 'utf8');
  const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  if (!res.ok) throw new Error(`the update feed answered ${res.status}`);
  return res.text();
}

/** The browser shell's check: reads the feed and says whether a newer version is published. Event: 'message'. */
export class UpdateChecker extends EventEmitter {
  /** @param {{ feedUrl: string | null, currentVersion: string, platform?: NodeJS.Platform }} options */
  constructor({ feedUrl, currentVersion, platform = process.platform }) {
    super();
    this.feedUrl = feedUrl;
    this.currentVersion = currentVersion;
    this.platform = platform;
  }

  /** @param {UpdateMessage} message */
  tell(message) {
    this.emit('message', message);
    return message;
  }

  /** @returns {Promise<UpdateMessage>} */
  async check() {
    if (!this.feedUrl) return this.tell({ kind: 'disabled' });
    this.tell({ kind: 'checking' });
    try {
      const feed = parseFeed(await download(`${this.feedUrl}/${feedFile(this.platform)}`));
      if (compareVersions(feed.version, this.currentVersion) <= 0) return this.tell({ kind: 'latest', version: this.currentVersion });
      const url = feed.path ? `${this.feedUrl}/${encodeURI(feed.path)}` : this.feedUrl;
      return this.tell({ kind: 'available', version: feed.version, url });
    } catch (e) {
      return this.tell({ kind: 'error', detail: e instanceof Error ? e.message : String(e) });
    }
  }
}

/**
 * electron-updater's events as the page's messages.
 * @param {string} event @param {any} [arg] @returns {UpdateMessage | null}
 */
export function updaterMessage(event, arg) {
  switch (event) {
    case 'checking-for-update':
      return { kind: 'checking' };
    case 'update-not-available':
      return { kind: 'latest', version: arg?.version };
    case 'update-available':
      return { kind: 'available', version: arg?.version };
    case 'download-progress':
      return { kind: 'downloading', percent: Math.round(arg?.percent ?? 0) };
    case 'update-downloaded':
      return { kind: 'downloaded', version: arg?.version };
    case 'error':
      return { kind: 'error', detail: arg instanceof Error ? arg.message : String(arg ?? '') };
    default:
      return null;
  }
}

/**
 * electron-updater's autoUpdater behind the same face as UpdateChecker (check() and 'message'), on the generic
 * feed from configuration; with no feed it says updates are not set up and never calls out.
 */
export class ElectronUpdates extends EventEmitter {
  /**
   * @param {{ feedUrl: string | null, autoUpdater: import('node:events').EventEmitter & { setFeedURL(o: object): void, checkForUpdates(): Promise<unknown>, autoDownload: boolean } }} options
   */
  constructor({ feedUrl, autoUpdater }) {
    super();
    this.feedUrl = feedUrl;
    this.autoUpdater = autoUpdater;
    if (!feedUrl) return;
    autoUpdater.setFeedURL({ provider: 'generic', url: feedUrl });
    autoUpdater.autoDownload = true; // installed when Dukan closes (electron-updater's autoInstallOnAppQuit)
    for (const event of [
      'checking-for-update',
      'update-not-available',
      'update-available',
      'download-progress',
      'update-downloaded',
      'error',
    ]) {
      autoUpdater.on(event, (/** @type {unknown} */ arg) => {
        const message = updaterMessage(event, arg);
        if (message) this.emit('message', message);
      });
    }
  }

  async check() {
    if (!this.feedUrl) {
      this.emit('message', { kind: 'disabled' });
      return;
    }
    try {
      await this.autoUpdater.checkForUpdates();
    } catch {
      // electron-updater has already sent 'error' with the reason
    }
  }
}
