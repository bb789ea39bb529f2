import { randomBytes } from 'node:crypto';
import { CONTENT_ADMIN_MSG, IMAGE_MAX_BYTES, IMAGE_MAX_SIDE } from '@app/contract/admin/content';
import type { PictureFormat } from '@app/contract/pictures';
import type { AppContext } from '../../context';
import { badInput } from '../../lib/errors';
import { convertPicture, copyOnFirstAsk } from '../../lib/picture-variants';
import { inspectUpload } from '../players/service';
import { findImage, findVariant, insertImage, insertVariants } from './operator-repository';

const EXTENSION = { 'image/png': 'png', 'image/gif': 'gif', 'image/jpeg': 'jpg' } as const;

/** Where every server process serves uploaded content images from (the database). */
export const MEDIA_PREFIX = '/media/';

/**
 * Stores an operator's image, recognised by its bytes (PNG, GIF or JPEG; a renamed file of another
 * kind is refused), no larger than 2 MB and 4096 pixels a side; its address never changes. A still
 * one is converted here, once, to the sizes phones get (lib/picture-variants.ts), before the database is
 * asked anything.
 */
export async function storeImage(ctx: AppContext, bytes: Buffer | null) {
  if (!bytes || bytes.length === 0) throw badInput(CONTENT_ADMIN_MSG.uploadMissing);
  if (bytes.length > IMAGE_MAX_BYTES) throw badInput(CONTENT_ADMIN_MSG.uploadSize);
  const image = inspectUpload(bytes, IMAGE_MAX_SIDE);
  if (!image.ok)
    throw badInput(
      image.reason === 'type' ? CONTENT_ADMIN_MSG.uploadType : CONTENT_ADMIN_MSG.uploadDimensions,
    );
  const variants =
    image.mime === 'image/gif'
      ? []
      : await convertPicture(bytes, image).catch(() => {
          throw badInput(CONTENT_ADMIN_MSG.uploadUnreadable);
        });
  const id = randomBytes(16).toString('hex');
  await ctx.db.transaction(async (tx) => {
    await insertImage(tx, {
      id,
      mime: image.mime,
      width: image.width,
      height: image.height,
      data: bytes,
      createdAt: ctx.clock.now(),
    });
    await insertVariants(tx, id, variants);
  });
  return { url: `${MEDIA_PREFIX}${id}.${EXTENSION[image.mime]}`, width: image.width, height: image.height };
}

export function imageFile(ctx: AppContext, id: string) {
  return findImage(ctx.db, id);
}

/**
 * A still image's copy for phones of `width` in `format`. An image stored before copies were made
 * gets them on the first ask (kept: once, however many nodes ask at once); undefined when no such
 * image is stored or it is a GIF.
 */
export function imageVariant(ctx: AppContext, id: string, format: PictureFormat, width: number) {
  return copyOnFirstAsk({
    find: () => findVariant(ctx.db, id, format, width),
    original: async () => {
      const original = await findImage(ctx.db, id);
      return original && original.mime !== 'image/gif' ? { bytes: original.data, ...original } : undefined;
    },
    store: (variants) => insertVariants(ctx.db, id, variants),
  });
}
