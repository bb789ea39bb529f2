/**
 * The server's entry (compiled to dist/main.js): refuses a Node older than the one the server was
 * built for, then loads the server. The server comes by a dynamic import so that nothing of it (its
 * syntax, its packages) is parsed or linked before the check: static imports would all be.
 */
import { refuseOldNode } from './runtime-guard';

refuseOldNode();
await import('./main');
