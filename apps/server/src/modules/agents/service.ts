/** The public surface other modules use. */
export { applyForAgency } from './applications';
export { agentCentrePage, agentLoginUrl, agentOfLink } from './centre';
