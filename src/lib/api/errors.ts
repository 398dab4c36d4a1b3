import { apiHooks } from './hooks.ts';

const ERROR = '错误提示';
const WARNING = '温馨提示';
const SERVER_ERROR = '服务端错误';

/**
 * The handled statuses of docs/product.md#failed-calls: the text without a server message, and whether it is
 * a warning.
 */
const HANDLED: Record<number, [text: string, warning?: true]> = {
  401: ['登录过期'],
  403: ['权限不足'],
  404: ['接口没有找到'],
  408: [SERVER_ERROR, true],
  // An Idempotency-Key's answers: the same create still running, or its key reused for
  // another one. The server's message says which; these texts are for an answer without one.
  409: ['请求正在处理中', true],
  422: ['请求与之前的不一致', true],
  429: ['请求过于频繁', true],
  500: [SERVER_ERROR],
  // A full disk on the server (nothing was stored); the message says what failed.
  507: ['存储空间不足'],
};

/**
 * The toast each handled failure shows (a 404 always says 接口没有找到; a 401 also ends the
 * session and opens the login dialog). Returns true when one was shown.
 */
export function showHttpError(status: number, message?: string): boolean {
  const h = apiHooks();
  const handled = HANDLED[status];
  if (!h || !handled) return false;
  const [text, warning] = handled;
  h.toast((status !== 404 && message) || text, warning ? 'warning' : 'error', warning ? WARNING : ERROR);
  if (status === 401) h.unauthorized();
  return true;
}
