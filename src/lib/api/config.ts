import { get } from './client.ts';

/**
 * The site config's admin_url (where a friend-link notice leads); '' when it cannot be read. Its own
 * module, so only the notification drawer that calls it carries it (not the chrome's site calls).
 */
export const adminUrl = (): Promise<string> =>
  get<{ admin_url?: string }>('/api/config', { quiet: true }).then(
    (config) => config.admin_url ?? '',
    () => '',
  );
