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

afterEach(() => cleanup());

// Each test starts signed out of every stored preference (language, last tenant, table settings).
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});
