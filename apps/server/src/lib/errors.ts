import { ApiCode } from '@app/contract/envelope';

/** A refusal the player should read: `code` is the envelope code and HTTP status, `message` Chinese. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}

export const badInput = (message: string) => new AppError(ApiCode.badInput, message);
export const unauthorized = (message: string) => new AppError(ApiCode.unauthorized, message);
export const conflict = (message: string) => new AppError(ApiCode.conflict, message);
export const refused = (message: string) => new AppError(ApiCode.refused, message);
export const tooMany = (message: string) => new AppError(ApiCode.tooMany, message);
