import type { Envelope } from '@app/contract/envelope';
import { SERVER_MSG } from '@app/contract/messages';

/** A success envelope. */
export function ok<T>(data: T, message: string = SERVER_MSG.ok): Envelope<T> & { code: 200; data: T } {
  return { code: 200, message, data };
}

/** A success envelope without data. */
export function done(message: string = SERVER_MSG.ok): { code: 200; message: string } {
  return { code: 200, message };
}
