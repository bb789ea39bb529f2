import { describe, expect, it } from 'vitest';
import { bannerSvg } from './art';

/** The banner's text lines: the x where each starts, its font size, and its textLength if held to one. */
function lines(svg: string) {
  return [
    ...svg.matchAll(/<text x="(\d+)" y="\d+" font-size="(\d+)"(?: textLength="(\d+)")?[^>]*>([^<]*)</g),
  ].map(([, x, size, length, text]) => ({
    x: Number(x),
    size: Number(size),
    length: length && Number(length),
    text,
  }));
}
/** Where the first coin begins: the left edge of the leftmost circle of radius 26. */
const coinsLeft = (svg: string) =>
  Math.min(...[...svg.matchAll(/<circle cx="(\d+)" cy="\d+" r="26"/g)].map(([, cx]) => Number(cx) - 26));

describe('banner art', () => {
  it('keeps a short title at full size and leaves it as drawn', () => {
    const [title, subtitle] = lines(bannerSvg('s', '棋牌天天乐', '日常活动'));
    expect(title).toMatchObject({ size: 54, length: undefined, text: '棋牌天天乐' });
    expect(subtitle).toMatchObject({ size: 28, length: undefined });
  });

  it('draws a title that would reach the coins smaller', () => {
    const svg = bannerSvg('s', '新人首存 100% 加赠', '首次充值即享 100% 加赠，最高 $888');
    const [title, subtitle] = lines(svg);
    expect(title?.size).toBeLessThan(54);
    expect(title?.size).toBeGreaterThanOrEqual(40);
    expect(subtitle?.size).toBeLessThan(28);
    // Not squeezed: drawn as the font draws it (the browser tests measure it against the coins).
    expect(title?.length).toBeUndefined();
  });

  it('squeezes a title too long even at the smallest size into the column before the coins', () => {
    const svg = bannerSvg('s', '超长的活动标题会被压缩在文字区域之内而不会盖住金币图案', '');
    const [title] = lines(svg);
    expect(title?.size).toBe(34);
    expect((title?.x ?? 0) + Number(title?.length)).toBeLessThan(coinsLeft(svg));
  });

  it('escapes the text it draws', () => {
    expect(bannerSvg('s', '<script>x</script>', '&')).not.toContain('<script>');
  });
});
