import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Picture } from './picture';

const ID = 'a'.repeat(32);

describe('Picture', () => {
  it('offers an uploaded still picture in AVIF, then WebP, at the widths a phone takes, over its original', () => {
    const { container } = render(<Picture src={`/media/${ID}.png`} alt="" width={750} height={300} />);
    const sources = [...container.querySelectorAll('picture > source')].map((s) => [
      s.getAttribute('type'),
      s.getAttribute('srcset'),
      s.getAttribute('sizes'),
    ]);
    expect(sources).toEqual(
      (['avif', 'webp'] as const).map((f) => [
        `image/${f}`,
        `/media/${ID}-390.${f} 390w, /media/${ID}-780.${f} 780w, /media/${ID}-1170.${f} 1170w`,
        '100vw',
      ]),
    );
    expect(container.querySelector('picture > img')?.getAttribute('src')).toBe(`/media/${ID}.png`);
  });

  it('shows the drawn art, a GIF or another site’s picture as it is', () => {
    for (const src of ['/art/banners/1.svg', `/media/${ID}.gif`, 'https://cdn.example.com/a.png']) {
      const { container, unmount } = render(<Picture src={src} alt="" />);
      expect(container.querySelector('picture')).toBeNull();
      expect(container.querySelector('img')?.getAttribute('src')).toBe(src);
      unmount();
    }
  });
});
