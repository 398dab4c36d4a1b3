import pino from 'pino';

/** One logger for the server; level from LOG_LEVEL, silent in tests unless asked. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.VITEST ? 'silent' : 'info'),
  base: undefined,
  redact: ['req.headers.authorization', 'password', 'password1'],
});
