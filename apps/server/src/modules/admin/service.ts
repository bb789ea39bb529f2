/**
 * The admin module's public façade: what the server's start needs of the local administrator. Its
 * operator routes (the operator API that scripts and tests use) are registered by the back office.
 */

/** A development installation's operator token, read from DATA_DIR or made once there; and its file. */
export { localAdminToken, localTokenFile } from './local-token';
