import type { OwnStatistic } from '../../contract/users.ts';
import { get } from '../client.ts';

/**
 * Proves the session's token to the server (the call needs a valid one: 401 otherwise), silently:
 * the console's gate reads the answer's status itself.
 */
export const checkToken = () => get<OwnStatistic>('/api/user/getOwnStatistic', { quiet: true });
