/**
 * The component layer's setup (vitest project `components`, jsdom): Testing Library's matchers, a
 * clean document after each test, and the few browser interfaces jsdom lacks that the console's
 * pieces touch (they do nothing here: layout is the browser tests' business).
 */
import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => cleanup());

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver;
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
// jsdom has no modal <dialog>: showModal/close only set and clear `open` (the console's Dialog calls them).
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
};
Object.defineProperty(HTMLDialogElement.prototype, 'open', {
  configurable: true,
  get(this: HTMLDialogElement) {
    return this.hasAttribute('open');
  },
});
