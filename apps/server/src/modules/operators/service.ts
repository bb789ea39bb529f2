/** The public surface other modules use. */
export type { OperatorRecord } from './repository';
/** The usernames of the operators named, by id (who asked, who decided, on the console's lists). */
export { operatorNamesByIds } from './repository';
export {
  actorOf,
  authenticateApiKey,
  authenticateSession,
  csrfOf,
  type OperatorSession,
  roleOf,
} from './sign-in';
export { acceptedStep, newTotpSecret, otpauthUri } from './totp';
export {
  openSecret,
  resealSecrets,
  sealSecret,
  sealStoredOperatorSecrets,
  type TotpKeys,
} from './totp-secrets';
