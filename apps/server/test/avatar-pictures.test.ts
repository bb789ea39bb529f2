import { ACCOUNT_SERVER_MSG } from '@app/contract/account-rules';
import { AVATAR_WIDTHS, avatarSources, avatarVariantPath, PICTURE_FORMATS } from '@app/contract/pictures';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatars, avatarVariants } from '../src/db/schema/avatars';
import { body, createTestApp, fundedPlayer, type TestApp, targets } from './harness';
import { GIF_1x1, multipart, picture, pngDeclaring } from './uploads';

/** What libvips calls each format it reads back. */
const READ_AS = { avif: 'heif', webp: 'webp' } as const;

describe.each(targets)('avatars sized for phones on %s', (target) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(target);
    token = (await fundedPlayer(t, 0n)).token;
  });
  afterAll(() => t.close());

  const upload = async (file: Buffer, filename: string) => {
    const { payload, headers } = multipart(file, filename, 'image/png');
    return body(
      await t.app.inject({
        method: 'POST',
        url: '/api/uploadimg',
        payload,
        headers: { ...headers, authorization: `Bearer ${token}` },
      }),
    );
  };
  const uploaded = async (file: Buffer, filename: string) => {
    const answer = await upload(file, filename);
    expect(answer.code).toBe(200);
    const path = (answer.data as { avatar: string }).avatar;
    return { path, id: path.slice('/uploads/avatars/'.length, '/uploads/avatars/'.length + 32) };
  };
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const copiesOf = (id: string) =>
    t.ctx.db
      .select({ width: avatarVariants.width })
      .from(avatarVariants)
      .where(eq(avatarVariants.avatarId, id));

  it('converts a PNG once on upload to AVIF and WebP squares of 64, 128 and 192 px, keeping the original', async () => {
    // A wide photo: the copies are squares cut from its middle, as the round frame shows it.
    const original = await picture(600, 400, 'png');
    const { path, id } = await uploaded(original, 'me.png');
    const kept = await get(path);
    expect(kept.headers['content-type']).toBe('image/png');
    expect(kept.rawPayload.equals(original)).toBe(true);
    const named = (avatarSources(path) ?? []).flatMap((s) =>
      s.srcSet.split(', ').map((c) => c.split(' ')[0]),
    );
    expect(named).toHaveLength(AVATAR_WIDTHS.length * PICTURE_FORMATS.length);
    for (const format of PICTURE_FORMATS)
      for (const width of AVATAR_WIDTHS) {
        const url = avatarVariantPath(id, width, format);
        expect(named).toContain(url);
        const copy = await get(url);
        expect(copy.statusCode).toBe(200);
        expect(copy.headers['content-type']).toBe(`image/${format}`);
        expect(copy.headers['x-content-type-options']).toBe('nosniff');
        const meta = await sharp(copy.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([READ_AS[format], width, width]);
      }
    expect(await copiesOf(id)).toHaveLength(6);

    // A new avatar replaces the old one, its copies with it.
    const small = await uploaded(await picture(100, 150, 'png'), 'small.png');
    expect((await get(avatarVariantPath(id, 64, 'avif'))).statusCode).toBe(404);
    expect(await copiesOf(id)).toHaveLength(0);
    // Never enlarged: a 100 px wide one answers 128 and 192 with a 100 px square.
    const widthOf = async (width: 64 | 128 | 192) =>
      (await sharp((await get(avatarVariantPath(small.id, width, 'webp'))).rawPayload).metadata()).width;
    expect([await widthOf(64), await widthOf(128), await widthOf(192)]).toEqual([64, 100, 100]);
  });

  it('keeps a GIF as it is (it may move), and refuses a PNG no browser could show', async () => {
    const { path, id } = await uploaded(GIF_1x1, 'me.gif');
    expect(avatarSources(path)).toBeNull();
    expect((await get(avatarVariantPath(id, 64, 'avif'))).statusCode).toBe(404);
    expect(await upload(pngDeclaring(100, 100), 'broken.png')).toEqual({
      code: 400,
      message: ACCOUNT_SERVER_MSG.uploadUnreadable,
    });
    // The refused upload left the GIF in place.
    expect((await get(path)).statusCode).toBe(200);
  });

  it('makes the copies of an avatar stored before copies existed on the first ask, once', async () => {
    const { userId } = await fundedPlayer(t, 0n);
    const id = 'd'.repeat(32);
    await t.ctx.db
      .insert(avatars)
      .values({ id, userId, mime: 'image/png', data: await picture(300, 300, 'png') });
    const copy = await get(avatarVariantPath(id, 128, 'avif'));
    expect(copy.statusCode).toBe(200);
    expect((await sharp(copy.rawPayload).metadata()).width).toBe(128);
    expect(await copiesOf(id)).toHaveLength(6);
    expect((await get(avatarVariantPath(id, 192, 'webp'))).statusCode).toBe(200);
    expect((await get(`/uploads/avatars/${'e'.repeat(32)}-64.avif`)).statusCode).toBe(404);
    expect((await get(`/uploads/avatars/${id}-100.avif`)).statusCode).toBe(400);
  });
});
