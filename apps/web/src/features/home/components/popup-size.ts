/** Home's centred popups (notices, welcome): the screen less 24 px a side, at most 360 px. */
export const POPUP_SIZE = {
  '--min-width': 'min(360px, calc(100vw - 48px))',
  '--max-width': 'min(360px, calc(100vw - 48px))',
};
