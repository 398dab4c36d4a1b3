import { main, ROOT } from '../main.ts';
import { buildIfStale } from './build-if-stale.ts';

// `npm start`: build when the build is missing or older than the sources, then serve.
buildIfStale(ROOT);
await main();
