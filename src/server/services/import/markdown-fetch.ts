import http from 'node:http';
import https from 'node:https';
import { pinnedLookup, siteAddresses } from '../../net/public-address.ts';
import { MAX_IMAGE_BYTES, sniffImage } from '../uploads.ts';
import type { Fetched } from './uploads.ts';

/**
 * A post's picture on another site, fetched into this one for `import --fetch-images`
 * (docs/owner-guide.md#导入与导出) on the friend-link checker's rule (src/server/net/public-address.ts):
 * the host is resolved first and asked at those addresses only, public ones alone — never the server
 * itself, its network or a cloud's metadata service —, within a timeout and a size cap. A redirect
 * is followed (a few times), each new host checked the same way.
 */

export type FetchOptions = {
  /** How long one picture may take (default 15 s). */
  timeoutMs?: number;
  /** The largest picture taken (default the site's, 20 MB). */
  maxBytes?: number;
  /** Also ask loopback and private addresses: only the tests set it, for their server on 127.0.0.1. */
  allowPrivate?: boolean;
};

const REDIRECTS = 3;

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

type Answer = { status: number; location?: string; bytes?: Buffer; tooLarge?: boolean };

function get(
  url: URL,
  opts: Required<FetchOptions>,
  lookup: ReturnType<typeof pinnedLookup>,
  signal: AbortSignal,
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = (url.protocol === 'https:' ? https : http).get(
      url,
      { lookup, signal, agent: false, headers: { 'user-agent': 'Mozilla/5.0 (compatible; blog-import)' } },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.destroy();
          return resolve({ status, location: res.headers.location });
        }
        if (status !== 200) {
          res.destroy();
          return resolve({ status });
        }
        if (Number(res.headers['content-length']) > opts.maxBytes) {
          res.destroy();
          return resolve({ status, tooLarge: true });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > opts.maxBytes) {
            res.destroy();
            resolve({ status, tooLarge: true });
          } else chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, bytes: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

const reasonOf = (err: unknown) =>
  (err as { name?: string }).name === 'TimeoutError' || (err as { name?: string }).name === 'AbortError'
    ? '超时'
    : `无法连接（${(err as { code?: string }).code ?? (err instanceof Error ? err.message : String(err))}）`;

/** The picture at `address`, or why it was not fetched (in Chinese). */
export async function fetchPicture(address: string, options: FetchOptions = {}): Promise<Fetched> {
  const opts = { timeoutMs: 15_000, maxBytes: MAX_IMAGE_BYTES, allowPrivate: false, ...options };
  const signal = AbortSignal.timeout(opts.timeoutMs);
  let url = URL.parse(address);
  for (let hop = 0; hop <= REDIRECTS; hop++) {
    if (url?.protocol !== 'http:' && url?.protocol !== 'https:') return { reason: '不是 http(s) 地址' };
    let addresses: Awaited<ReturnType<typeof siteAddresses>>;
    try {
      addresses = await siteAddresses(url.hostname, { allowPrivate: opts.allowPrivate, signal });
    } catch (err) {
      return { reason: reasonOf(err) };
    }
    if (!addresses) return { reason: `${url.hostname} 找不到或不是公网地址，不下载` };
    let answer: Answer;
    try {
      answer = await get(url, opts, pinnedLookup(addresses), signal);
    } catch (err) {
      return { reason: reasonOf(err) };
    }
    if (answer.location) {
      url = URL.parse(answer.location, url);
      continue;
    }
    if (answer.tooLarge) return { reason: `超过 ${sizeOf(opts.maxBytes)}` };
    if (!answer.bytes) return { reason: `对方回答 HTTP ${answer.status}` };
    const kind = sniffImage(answer.bytes);
    if (!kind) return { reason: '不是本站能用的图片（支持 JPEG、PNG、GIF、WebP）' };
    return { bytes: answer.bytes, kind };
  }
  return { reason: '重定向次数过多' };
}
