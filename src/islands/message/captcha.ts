/**
 * The altcha widget for a guest's guestbook message (docs/api/public.md#guest-captcha), imported by
 * MessagePublish only when a guest has the form open: its code (about 60 KB gzip with the worker) never
 * counts against a reader's page (docs/performance.md#guest-captcha). The `external` build with the
 * PBKDF2 worker as a file of this site: the default build starts its workers from blob: addresses,
 * which the Content-Security-Policy refuses. Texts in Chinese (its zh-cn table).
 */
import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/i18n/zh-cn';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

type Registry = {
  algorithms: Map<string, () => Worker>;
  defaults: { set(config: { fetch: typeof fetch }): void };
};
const registry = (globalThis as unknown as { $altcha: Registry }).$altcha;
registry.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

/**
 * GET /api/altcha/challenge answers in the site's envelope like every /api route; the widget wants the
 * challenge itself. A refusal (too many requests) becomes an error status with the Chinese message.
 */
const unwrap: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  const json = (await res.json().catch(() => null)) as {
    code?: number;
    message?: string;
    result?: unknown;
  } | null;
  if (json?.code !== 0) return new Response(json?.message ?? '人机验证加载失败', { status: 503 });
  return new Response(JSON.stringify(json.result), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
};
registry.defaults.set({ fetch: unwrap });

/**
 * A widget inside `host` that fetches its challenge from this site and hands the solved payload (or
 * '' when it expires or fails) to `onPayload`; returns a reset that asks for a new one.
 */
export function mountCaptcha(host: HTMLElement, onPayload: (payload: string) => void): () => void {
  const widget = document.createElement('altcha-widget');
  widget.setAttribute('challenge', '/api/altcha/challenge');
  widget.setAttribute('language', 'zh-cn');
  widget.setAttribute('name', 'altcha');
  // The browser's own "check this box" bubble would be in its language: the site's message instead.
  widget.setAttribute(
    'configuration',
    JSON.stringify({ hideFooter: true, hideLogo: true, validationMessage: '请先完成人机验证' }),
  );
  widget.addEventListener('statechange', (e) => {
    const { state, payload } = (e as CustomEvent<{ state: string; payload?: string }>).detail;
    onPayload(state === 'verified' ? (payload ?? '') : '');
  });
  host.append(widget);
  return () => widget.reset();
}
