// The saved-search alerts thread (see threaded-alerts.ts). It loads the built library, in the sources as in
// the build, since a worker thread runs plain JavaScript.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
// Named at run time, so the compiler does not take the package's built files for this library's sources.
const built = ['@skillers', 'indexing'].join('/');
const { serveAlertsThread } = require(built);

serveAlertsThread(parentPort, workerData);
