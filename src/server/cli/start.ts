import path from 'node:path';
import { buildIfStale } from './build-if-stale.ts';
import { runServer } from './launch.ts';

// `npm start`: build when the build is missing or older than the sources, then serve (launch.ts).
// main.ts is not imported here: the server's modules load once, in the process that serves.
buildIfStale(path.resolve(import.meta.dirname, '../../..'));
await runServer();
