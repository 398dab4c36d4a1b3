import pino from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const isLevel = (v: string | undefined): v is LogLevel => LOG_LEVELS.includes(v as LogLevel);

/**
 * One logger for the server; level from LOG_LEVEL, silent in tests unless asked. It is created when
 * first imported, before the configuration is checked, so an unknown level must not reach pino
 * (it throws): it starts at `info` and initConfig reports the bad value like every other variable.
 */
export const logger = pino({
  level: isLevel(process.env.LOG_LEVEL) ? process.env.LOG_LEVEL : process.env.VITEST ? 'silent' : 'info',
  base: undefined,
  redact: ['req.headers.authorization', 'password', 'password1'],
});
