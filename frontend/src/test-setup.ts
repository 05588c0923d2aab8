import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { backOfficeEn, backOfficeKu } from './i18n/back-office.js';
import { includeBackOfficeTexts } from './i18n/index.js';

// Screens are rendered without the router's loading: every catalogue has the other screens' texts from the start.
includeBackOfficeTexts({ en: backOfficeEn, ku: backOfficeKu });

// npm test runs these beside jest on two cores: a screen may take its turn longer than testing-library's 1 s default.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom has no layout: give the virtualised grid a size to render into.
class FakeResizeObserver {
  constructor(private readonly cb: ResizeObserverCallback) {}
  observe(target: Element) {
    this.cb([{ target, contentRect: target.getBoundingClientRect() } as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= FakeResizeObserver as unknown as typeof ResizeObserver;
Object.defineProperties(HTMLElement.prototype, {
  offsetHeight: { configurable: true, get: () => 800 },
  offsetWidth: { configurable: true, get: () => 1000 },
  clientWidth: { configurable: true, get: () => 1000 },
  clientHeight: { configurable: true, get: () => 800 },
});
const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 800, right: 1000, width: 1000, height: 800, toJSON: () => ({}) };
HTMLElement.prototype.getBoundingClientRect = () => rect as DOMRect;
