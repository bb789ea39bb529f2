import { afterEach, describe, expect, it } from 'vitest';
import { preloadPageAt } from './page-preload';

const links = () =>
  [...document.head.querySelectorAll('link')].map((l) => [l.rel, l.getAttribute('href')] as const);

afterEach(() => {
  for (const node of document.head.querySelectorAll('link, template')) node.remove();
});

describe('preloadPageAt', () => {
  it("fetches the page's chunks and stylesheets the build listed for the route", () => {
    const list = document.createElement('template');
    list.id = 'page-chunks';
    list.innerHTML = JSON.stringify({
      '/activity': ['assets/activity-page.css', 'assets/activity-page.js'],
      '/': ['assets/home-route.js'],
    });
    document.head.appendChild(list);

    preloadPageAt(document, '#/activity?id=2');
    expect(links()).toEqual([
      ['preload', '/assets/activity-page.css'],
      ['modulepreload', '/assets/activity-page.js'],
    ]);
    preloadPageAt(document, '');
    expect(links().at(-1)).toEqual(['modulepreload', '/assets/home-route.js']);
  });

  it('does nothing without the list (the development server) or for an unknown route', () => {
    preloadPageAt(document, '#/activity');
    expect(links()).toEqual([]);
  });
});
