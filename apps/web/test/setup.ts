import '@testing-library/jest-dom/vitest';
// The app fetches the notifications' code with the first notification (decision 099); here it is loaded up
// front, so a test's first notification does not wait for a module transform on a loaded machine.
import { notifications } from '@mantine/notifications';
// Leaflet reads `window` as its module is evaluated. Pages load it lazily with their map; a test that ends
// before that import settles would have it evaluated after jsdom is torn down. Loaded here through the map
// module (Leaflet's one home), it is evaluated once, with the window present.
import '../src/shared/map/markers.ts';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { reloadSession } from '../src/shared/session/session-store.ts';
import { server } from './server.ts';

// jsdom lacks these browser APIs that Mantine relies on.
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

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
// Textarea autosize listens for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

// A request no handler answers is a mistake in the test, not a reason to reach a real server.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

afterEach(() => {
  cleanup();
  // Mantine keeps notifications in a module-level store that outlives each render.
  notifications.clean();
  server.resetHandlers();
  window.localStorage.clear();
  reloadSession();
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('dir');
  document.documentElement.setAttribute('lang', 'en');
});
