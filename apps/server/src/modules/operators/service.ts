/** The public surface other modules use. */
export type { OperatorRecord } from './repository';
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
