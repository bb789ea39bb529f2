import { expect, test } from '@playwright/test';
import { ALONE, E2E, PHONE } from '../playwright.config';
import { operatorHeaders, snap } from './support';

interface BannerRow {
  id: string;
  title: string;
  link: string;
  image: string;
}

/**
 * An uploaded banner first on home: a phone takes the AVIF copy its screen needs, 1170 px wide on a
 * 390 px screen at 3x and 780 at 2x, never the 1500 px original.
 */
test('home’s first banner, uploaded, comes in the size a 390 px phone needs at 3x and at 2x', {
  tag: ALONE,
}, async ({ page, browser, request }) => {
  // A 1500x600 PNG drawn by the browser: a gradient and a sun, like a banner.
  await page.setContent('<canvas width="1500" height="600"></canvas>');
  const png = await page.evaluate(() => {
    const canvas = document.querySelector('canvas') as HTMLCanvasElement;
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    const fill = g.createLinearGradient(0, 0, 1500, 600);
    fill.addColorStop(0, '#5b2a86');
    fill.addColorStop(1, '#d9b26f');
    g.fillStyle = fill;
    g.fillRect(0, 0, 1500, 600);
    g.fillStyle = '#ffe6a0';
    g.beginPath();
    g.arc(1200, 300, 200, 0, Math.PI * 2);
    g.fill();
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  });
  const uploaded = await request.post('/admin/api/content/images', {
    headers: operatorHeaders(),
    multipart: { file: { name: 'banner.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') } },
  });
  const { url } = ((await uploaded.json()) as { data: { url: string } }).data;
  const banners = await request.get('/admin/api/content/banners', { headers: operatorHeaders() });
  const [first] = ((await banners.json()) as { data: BannerRow[] }).data;
  if (!first) throw new Error('no banner to show the upload on');
  const edit = (image: string) =>
    request.post(`/admin/api/content/banners/${first.id}`, {
      headers: operatorHeaders(),
      data: { title: first.title, link: first.link, image, reason: '浏览器测试：上传横幅' },
    });
  expect((await edit(url)).status()).toBe(200);
  try {
    for (const [scale, width] of [
      [3, 1170],
      [2, 780],
    ] as const) {
      const phone = await browser.newContext({ ...PHONE, deviceScaleFactor: scale, baseURL: E2E.origin });
      const home = await phone.newPage();
      await home.goto('/#/');
      const picture = home.getByTestId('banner').first().locator('img');
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
        .toMatch(new RegExp(`/media/[0-9a-f]{32}-${width}\\.avif$`));
      if (scale === 3) await snap(home, 'home-uploaded-banner');
      await phone.close();
    }
  } finally {
    // Back to its drawn art (an empty image), or to the picture it had.
    await edit(first.image.startsWith('/art/') ? '' : first.image);
  }
});
