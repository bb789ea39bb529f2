import { ApiCode } from '@app/contract/envelope';

/**
 * A refusal the player should read: `code` is the envelope code and HTTP status, `message` Chinese,
 * `data` what the envelope carries beside them (where the route's contract says so).
 */
export class AppError extends Error {
  readonly data?: object;
  constructor(
    readonly code: number,
    message: string,
    options?: ErrorOptions & { data?: object },
  ) {
    super(message, options);
    this.name = 'AppError';
    this.data = options?.data;
  }
}

export const badInput = (message: string) => new AppError(ApiCode.badInput, message);
export const unauthorized = (message: string) => new AppError(ApiCode.unauthorized, message);
export const conflict = (message: string) => new AppError(ApiCode.conflict, message);
export const refused = (message: string, options?: { data?: object }) =>
  new AppError(ApiCode.refused, message, options);
export const tooMany = (message: string) => new AppError(ApiCode.tooMany, message);
