import sharp from 'sharp';

/** Images and multipart bodies for the upload tests (avatars, the operator's content images). */
export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const GIF_1x1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A PNG whose header claims a size it does not have. */
export function pngDeclaring(width: number, height: number): Buffer {
  const copy = Buffer.from(PNG_1x1);
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  return copy;
}

export function multipart(file: Buffer, filename: string, type: string) {
  const boundary = '----upload-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real picture of `width` x `height` (a gradient with a sun, so that it compresses like a banner). */
export function picture(width: number, height: number, format: 'png' | 'jpeg') {
  const art = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#5b2a86"/><stop offset="1" stop-color="#d9b26f"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width * 0.8}" cy="${height / 2}" r="${height / 3}" fill="#ffe6a0"/>
  </svg>`;
  return sharp(Buffer.from(art)).toFormat(format).toBuffer();
}
