/**
 * Local storage key of the kept game list (spec 3, local client state: cached game lists). Its own
 * module: the entry reads it too (early-answers.ts), and the entry imports no chunk of the app's.
 */
export const GAME_LIST_STORAGE_KEY = 'game-list';
