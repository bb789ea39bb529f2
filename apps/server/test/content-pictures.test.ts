import { CONTENT_ADMIN_MSG } from '@app/contract/admin/content';
import { PICTURE_FORMATS, PICTURE_WIDTHS, pictureSources, variantPath } from '@app/contract/pictures';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentImages, contentImageVariants } from '../src/db/schema/content';
import { body, createTestApp, operatorWithKey, type TestApp, targets } from './harness';
import { GIF_1x1, multipart, picture } from './uploads';

/** What libvips calls each format it reads back. */
const READ_AS = { avif: 'heif', webp: 'webp' } as const;

describe.each(targets)('uploaded pictures sized for phones on %s', (target) => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp(target, {});
    key = (await operatorWithKey(t.ctx, 'operations')).key;
  });
  afterAll(() => t.close());

  const upload = async (file: Buffer, name: string, type: string) => {
    const form = multipart(file, name, type);
    return body(
      await t.app.inject({
        method: 'POST',
        url: '/admin/api/content/images',
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${key}` },
      }),
    );
  };
  const uploaded = async (file: Buffer, name: string, type: string) => {
    const answer = await upload(file, name, type);
    expect(answer.code).toBe(200);
    const url = (answer.data as { url: string }).url;
    return { url, id: url.slice('/media/'.length, '/media/'.length + 32) };
  };
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('converts a banner once on upload to AVIF and WebP at 390, 780 and 1170 px, keeping the original', async () => {
    const original = await picture(1500, 600, 'png');
    const { url, id } = await uploaded(original, 'banner.png', 'image/png');
    const kept = await get(url);
    expect(kept.headers['content-type']).toBe('image/png');
    expect(kept.rawPayload.equals(original)).toBe(true);
    // What <picture> asks for is every copy the app's srcset names.
    const named = (pictureSources(url) ?? []).flatMap((s) =>
      s.srcSet.split(', ').map((c) => c.split(' ')[0]),
    );
    expect(named).toHaveLength(PICTURE_WIDTHS.length * PICTURE_FORMATS.length);
    const sizes: Record<string, number> = {};
    for (const format of PICTURE_FORMATS)
      for (const width of PICTURE_WIDTHS) {
        const path = variantPath(id, width, format);
        expect(named).toContain(path);
        const copy = await get(path);
        expect(copy.statusCode).toBe(200);
        expect(copy.headers['content-type']).toBe(`image/${format}`);
        expect(copy.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(copy.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([READ_AS[format], width, (width * 2) / 5]);
        sizes[`${format} ${width}`] = copy.rawPayload.length;
      }
    // The copy a 390 px phone at 3x takes is a fraction of the original.
    expect(sizes['avif 1170']).toBeLessThan(original.length / 2);
    // Made once: six rows, not made again when asked.
    const rows = await t.ctx.db
      .select({ format: contentImageVariants.format })
      .from(contentImageVariants)
      .where(eq(contentImageVariants.imageId, id));
    expect(rows).toHaveLength(6);
  });

  it('never enlarges: a 600 px JPEG answers the wider widths with its own size', async () => {
    const { id } = await uploaded(await picture(600, 240, 'jpeg'), 'small.jpg', 'image/jpeg');
    const widthOf = async (width: 390 | 780 | 1170) =>
      (await sharp((await get(variantPath(id, width, 'webp'))).rawPayload).metadata()).width;
    expect([await widthOf(390), await widthOf(780), await widthOf(1170)]).toEqual([390, 600, 600]);
  });

  it('keeps a GIF as it is (no copies), and refuses a picture no browser could show', async () => {
    const { url, id } = await uploaded(GIF_1x1, 'a.gif', 'image/gif');
    expect(pictureSources(url)).toBeNull();
    expect((await get(variantPath(id, 390, 'avif'))).statusCode).toBe(404);
    // A JPEG header over nothing: its size reads, its pixels do not.
    const headerOnly = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x2c, 0x02, 0xee,
      0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xd9,
    ]);
    expect(await upload(headerOnly, 'broken.jpg', 'image/jpeg')).toEqual({
      code: 400,
      message: CONTENT_ADMIN_MSG.uploadUnreadable,
    });
  });

  it('makes the copies of a picture stored before copies existed on the first ask, once', async () => {
    const id = 'b'.repeat(32);
    await t.ctx.db.insert(contentImages).values({
      id,
      mime: 'image/png',
      width: 800,
      height: 320,
      data: await picture(800, 320, 'png'),
    });
    const copy = await get(variantPath(id, 780, 'avif'));
    expect(copy.statusCode).toBe(200);
    expect((await sharp(copy.rawPayload).metadata()).width).toBe(780);
    const rows = await t.ctx.db
      .select({ width: contentImageVariants.width })
      .from(contentImageVariants)
      .where(eq(contentImageVariants.imageId, id));
    expect(rows.map((r) => r.width).sort((a, b) => a - b)).toEqual([390, 390, 780, 780, 800, 800]);
    expect((await get(variantPath(id, 1170, 'webp'))).statusCode).toBe(200);
    expect((await get(`/media/${'c'.repeat(32)}-390.avif`)).statusCode).toBe(404);
    expect((await get(`/media/${id}-500.avif`)).statusCode).toBe(400);
  });
});
