// `npm start`: builds the player app and the operator console and compiles the server when missing or
// stale, then runs the compiled server (migrations, seeds, the app at `/` and the console at `/admin/`
// happen there) in this process, on the Node of
// the `node` package (npm scripts put it first on PATH) whatever Node the machine has. In this
// process, so that each signal reaches the server's graceful shutdown once.
import { pathToFileURL } from 'node:url';
import { ensureServerBuild, serverEntry } from './server-build.mjs';
import { ensureAdminBuild, ensureWebBuild } from './web-build.mjs';

ensureWebBuild();
ensureAdminBuild();
await ensureServerBuild();
process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverEntry).href);
