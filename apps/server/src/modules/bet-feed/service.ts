/**
 * The bet feed's public façade. It reads each venue's settled bets, records them through the games
 * façade and lowers turnover and loss limits; it owns only its cursors (bet_cursors).
 */

/** Records each venue's new settled bets once and lowers the players' turnover (the bet-feed job). */
export { ingestBets } from './ingest';
