import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// antd's first render is transformed on demand: on a busy machine that outlasts the default second.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no media queries; antd's responsive observers ask for them.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

// jsdom has no layout: nothing is ever resized, and pseudo-elements have no style of their own.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

afterEach(() => cleanup());
