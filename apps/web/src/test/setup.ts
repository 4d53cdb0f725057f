import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18n, i18nReady, loadAllNamespaces } from '../i18n';
import { LANGUAGES } from '../i18n/languages';

// The app loads one language's texts per namespace as a page asks for them; tests render any screen in either
// language straight away, so every text is loaded once before them.
await i18nReady;
await loadAllNamespaces();
await i18n.loadLanguages([...LANGUAGES]);

// A failed query prints its message without the document: printing a portal page's DOM (thousands of antd
// nodes) took minutes per failure and buried the message. Call screen.debug() where the DOM is wanted.
// One bound for every findBy and waitFor: generous, since a test waits for a state, never for a time.
configure({
  asyncUtilTimeout: 30_000,
  getElementError: (message) => {
    const error = new Error(message ?? 'element query failed');
    error.name = 'TestingLibraryElementError';
    return error;
  },
});

// antd reads media queries and element sizes that jsdom does not implement.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
window.scrollTo = () => {};
window.getComputedStyle = (
  (original) => (elt: Element) =>
    original(elt)
)(window.getComputedStyle);

// antd writes its CSS-in-JS into <head>, where jsdom parses every sheet and matches all of its rules against
// each element a role query or a visibility check looks at: one dialog test took a minute. The styles go to a
// head outside the document instead (antd finds its container with querySelector('head')): 129 s → 5.5 s for
// the dictionaries page. What tests do need of antd's CSS is what it hides: a closed dropdown, a collapsed
// filter, an inactive tab pane all carry a `…-hidden` class, which one small sheet keeps hidden.
const detachedHead = document.createElement('head');
document.querySelector = (
  (original) =>
  (selectors: string): Element | null =>
    selectors === 'head' ? detachedHead : original(selectors)
)(document.querySelector.bind(document)) as typeof document.querySelector;
const hiddenByAntd = document.createElement('style');
hiddenByAntd.textContent =
  '[class$="-hidden"]:not([class*="required-mark"]), [class*="-hidden "]:not([class*="required-mark"]) { display: none; }';
document.head.append(hiddenByAntd);

afterEach(() => cleanup());

// Each test starts signed out of every stored preference (language, last tenant, table settings).
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});
