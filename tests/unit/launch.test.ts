import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAIN, SERVER_ENV, SERVER_NODE_FLAGS, serverCommand } from '../../src/server/cli/launch.ts';

describe('server launch settings', () => {
  it('runs main.ts with the memory settings, keeping the caller’s flags, arguments and environment', () => {
    const { args, env } = serverCommand(
      '/usr/bin/node',
      ['--inspect'],
      ['/usr/bin/node', '/app/src/server/cli/serve.ts', '--extra'],
      { PORT: '8080' },
    );
    expect(args).toEqual(['/usr/bin/node', ...SERVER_NODE_FLAGS, '--inspect', MAIN, '--extra']);
    expect(MAIN.endsWith(path.join('src', 'server', 'main.ts'))).toBe(true);
    expect(env).toEqual({ ...SERVER_ENV, PORT: '8080' });
    expect(env.MALLOC_ARENA_MAX).toBe('2');
    // A restart reuses the modules' stripped and compiled code.
    expect(env.NODE_COMPILE_CACHE).toMatch(/node-compile-cache$/);
    expect(SERVER_NODE_FLAGS).toContain('--max-semi-space-size=8');
  });

  it('lets settings the caller gives win over its own', () => {
    const { args, env } = serverCommand('node', ['--max-semi-space-size=32'], ['node', 'serve.ts'], {
      MALLOC_ARENA_MAX: '8',
    });
    expect(env.MALLOC_ARENA_MAX).toBe('8');
    // V8 takes the last occurrence of a flag: the caller's comes after ours.
    expect(args.lastIndexOf('--max-semi-space-size=32')).toBeGreaterThan(
      args.indexOf('--max-semi-space-size=8'),
    );
  });
});
