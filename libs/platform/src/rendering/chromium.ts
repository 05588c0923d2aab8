import type { Browser, Page } from 'puppeteer-core';
import { logger } from '../logging/logger.js';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--font-render-hinting=none',
];

export interface ChromiumOptions {
  executablePath: string;
  /** The browser is closed after this long without a page. */
  idleMs?: number;
}

/**
 * The system Chromium as a renderer of documents the server builds or is handed (a receipt, a label sheet, an SVG
 * logo): one browser started on first use and closed when idle. Every page runs with JavaScript off and every
 * request but data: refused, so a document can neither run script nor fetch anything while it renders.
 */
export class Chromium {
  private browser: Promise<Browser> | null = null;
  private pages = 0;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: ChromiumOptions) {}

  async withPage<T>(work: (page: Page) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.pages += 1;
    try {
      signal?.throwIfAborted();
      const page = await (await this.launch()).newPage();
      const close = () => void page.close().catch(() => undefined);
      signal?.addEventListener('abort', close, { once: true });
      try {
        await page.setJavaScriptEnabled(false);
        await page.setRequestInterception(true);
        page.on('request', (req) => {
          if (req.url().startsWith('data:')) void req.continue();
          else void req.abort('blockedbyclient');
        });
        return await work(page);
      } finally {
        signal?.removeEventListener('abort', close);
        close();
      }
    } finally {
      this.pages -= 1;
      if (this.pages === 0) this.scheduleClose();
    }
  }

  private launch(): Promise<Browser> {
    // Loaded on the first document: most processes never render one, and puppeteer is a tenth of a process's modules.
    this.browser ??= import('puppeteer-core')
      .then(({ default: puppeteer }) =>
        puppeteer.launch({ executablePath: this.options.executablePath, headless: true, args: CHROMIUM_ARGS }),
      )
      .then((b) => {
        b.on('disconnected', () => (this.browser = null));
        return b;
      })
      .catch((e: unknown) => {
        this.browser = null;
        throw e;
      });
    return this.browser;
  }

  private scheduleClose(): void {
    this.idleTimer = setTimeout(() => void this.close(), this.options.idleMs ?? 60_000);
    this.idleTimer.unref();
  }

  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const b = this.browser;
    this.browser = null;
    if (b) await (await b).close().catch((e: unknown) => logger().warn({ err: e }, 'closing Chromium failed'));
  }
}
