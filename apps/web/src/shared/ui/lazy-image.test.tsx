import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { firstPaintWhenTold } from '@/test/first-paint';
import { LazyImage } from './lazy-image';

describe('LazyImage', () => {
  it("waits for the first screen to be shown before it loads; a first screen's own picture does not", async () => {
    const paint = firstPaintWhenTold();
    const { container } = render(
      <>
        <LazyImage src="/art/games/later.svg" />
        <LazyImage src="/art/banners/first.svg" eager />
      </>,
    );
    const sources = () => [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources()).toEqual(['/art/banners/first.svg']);

    paint();
    await waitFor(() => expect(sources()).toEqual(['/art/games/later.svg', '/art/banners/first.svg']));
  });
});
