import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Browser } from 'puppeteer-core';
import { logger } from '@dukan/platform';
import { REPORTING_CONFIG, type ReportingConfig } from '../config.js';

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

interface Waiting {
  start: () => void;
  signal: AbortSignal;
  onPosition: (ahead: number) => void;
}

/**
 * Prints HTML to A4 PDF with the system Chromium (one browser, started on the first PDF and closed when idle).
 * At most PDF_CONCURRENCY pages print at once; the rest wait in order and hear their place in the queue.
 */
@Injectable()
export class PdfRenderer implements OnModuleDestroy {
  private browser: Promise<Browser> | null = null;
  private running = 0;
  private readonly queue: Waiting[] = [];
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(@Inject(REPORTING_CONFIG) private readonly config: ReportingConfig) {}

  get active(): number {
    return this.running;
  }

  get waiting(): number {
    return this.queue.length;
  }

  async render(html: string, signal: AbortSignal, onPosition: (ahead: number) => void = () => undefined): Promise<Buffer> {
    await this.turn(signal, onPosition);
    try {
      signal.throwIfAborted();
      const browser = await this.launch();
      const page = await browser.newPage();
      const close = () => void page.close().catch(() => undefined);
      signal.addEventListener('abort', close, { once: true });
      try {
        await page.setContent(html, { waitUntil: 'load' });
        const pdf = await page.pdf({
          format: 'A4',
          printBackground: true,
          preferCSSPageSize: true,
          displayHeaderFooter: true,
          headerTemplate: '<span></span>',
          footerTemplate:
            '<div style="font-size:8px;width:100%;text-align:center;color:#7b8794"><span class="pageNumber"></span> / <span class="totalPages"></span></div>',
        });
        return Buffer.from(pdf);
      } finally {
        signal.removeEventListener('abort', close);
        close();
      }
    } finally {
      this.release();
    }
  }

  /** Waits for a free slot; an abort while waiting leaves the queue. */
  private turn(signal: AbortSignal, onPosition: (ahead: number) => void): Promise<void> {
    if (this.running < this.config.PDF_CONCURRENCY && this.queue.length === 0) {
      this.running += 1;
      onPosition(0);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const me: Waiting = {
        signal,
        onPosition,
        start: () => {
          signal.removeEventListener('abort', leave);
          onPosition(0);
          resolve();
        },
      };
      const leave = () => {
        const i = this.queue.indexOf(me);
        if (i >= 0) this.queue.splice(i, 1);
        this.tellPositions();
        reject(signal.reason ?? new Error('aborted'));
      };
      signal.addEventListener('abort', leave, { once: true });
      this.queue.push(me);
      this.tellPositions();
    });
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) {
      next.start(); // the slot passes on
      this.tellPositions();
    } else {
      this.running -= 1;
      if (this.running === 0) this.scheduleClose();
    }
  }

  private tellPositions(): void {
    this.queue.forEach((w, i) => w.onPosition(i + 1));
  }

  private launch(): Promise<Browser> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    // Loaded on the first export, not at start (the service starts often, exports are rare).
    this.browser ??= import('puppeteer-core')
      .then(({ default: puppeteer }) =>
        puppeteer.launch({ executablePath: this.config.CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS }),
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
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.close(), this.config.PDF_BROWSER_IDLE_MS);
    this.idleTimer.unref();
  }

  private async close(): Promise<void> {
    const b = this.browser;
    this.browser = null;
    if (b) await (await b).close().catch((e: unknown) => logger().warn({ err: e }, 'closing Chromium failed'));
  }

  async onModuleDestroy(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    await this.close();
  }
}
