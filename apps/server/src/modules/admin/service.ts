/** The public surface other modules use. */
export { localAdminToken, localTokenFile } from './local-token';
