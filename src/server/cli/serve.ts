import { runServer } from './launch.ts';

// `npm run serve`: the built site, with the server's process settings (see launch.ts).
await runServer();
