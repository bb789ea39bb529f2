import { randomBytes } from 'node:crypto';
import { CONTENT_ADMIN_MSG, IMAGE_MAX_BYTES, IMAGE_MAX_SIDE } from '@app/contract/admin/content';
import type { AppContext } from '../../context';
import { badInput } from '../../lib/errors';
import { inspectUpload } from '../players/service';
import { findImage, insertImage } from './operator-repository';

const EXTENSION = { 'image/png': 'png', 'image/gif': 'gif', 'image/jpeg': 'jpg' } as const;

/** Where every server process serves uploaded content images from (the database). */
export const MEDIA_PREFIX = '/media/';

/**
 * Stores an operator's image, recognised by its bytes (PNG, GIF or JPEG; a renamed file of another
 * kind is refused), no larger than 2 MB and 4096 pixels a side; its address never changes.
 */
export async function storeImage(ctx: AppContext, bytes: Buffer | null) {
  if (!bytes || bytes.length === 0) throw badInput(CONTENT_ADMIN_MSG.uploadMissing);
  if (bytes.length > IMAGE_MAX_BYTES) throw badInput(CONTENT_ADMIN_MSG.uploadSize);
  const image = inspectUpload(bytes, IMAGE_MAX_SIDE);
  if (!image.ok)
    throw badInput(
      image.reason === 'type' ? CONTENT_ADMIN_MSG.uploadType : CONTENT_ADMIN_MSG.uploadDimensions,
    );
  const id = randomBytes(16).toString('hex');
  await insertImage(ctx.db, {
    id,
    mime: image.mime,
    width: image.width,
    height: image.height,
    data: bytes,
    createdAt: ctx.clock.now(),
  });
  return { url: `${MEDIA_PREFIX}${id}.${EXTENSION[image.mime]}`, width: image.width, height: image.height };
}

export function imageFile(ctx: AppContext, id: string) {
  return findImage(ctx.db, id);
}
