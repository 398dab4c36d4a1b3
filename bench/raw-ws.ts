import { createHash, randomBytes } from 'node:crypto';
import { connect } from 'node:net';

/**
 * A bare RFC 6455 client for the chat benchmark's receivers: a TCP socket, the upgrade handshake,
 * and a frame reader that hands over text payloads and answers pings. Per received message it does
 * a fraction of the `ws` client's work (no stream, no event chain, no UTF-8 check), so ten thousand
 * sockets in one client thread measure the server rather than the client.
 */
export type RawWs = { send: (text: string) => void; terminate: () => void };

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/** A masked client frame (clients must mask, §5.3) of at most 64 KB. */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? 2 : 4;
  const out = Buffer.allocUnsafe(head + 4 + n);
  out[0] = 0x80 | opcode;
  if (n < 126) out[1] = 0x80 | n;
  else {
    out[1] = 0x80 | 126;
    out.writeUInt16BE(n, 2);
  }
  const mask = randomBytes(4);
  mask.copy(out, head);
  for (let i = 0; i < n; i++) out[head + 4 + i] = payload[i] ^ mask[i & 3];
  return out;
}

export function openRawWs(url: string, origin: string, onText: (payload: Buffer) => void): Promise<RawWs> {
  const { hostname, port, pathname, search } = new URL(url);
  const key = randomBytes(16).toString('base64');
  const accept = createHash('sha1')
    .update(key + GUID)
    .digest('base64');
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), noDelay: true });
    const api: RawWs = {
      send: (text) => socket.write(clientFrame(0x1, Buffer.from(text))),
      terminate: () => socket.destroy(),
    };
    let pending: Buffer | null = null;
    let upgraded = false;
    /** Reads every complete frame in `pending`; keeps the incomplete rest. */
    const readFrames = () => {
      let buf = pending as Buffer;
      let at = 0;
      while (buf.length - at >= 2) {
        const opcode = buf[at] & 0x0f;
        let len = buf[at + 1] & 0x7f;
        let off = at + 2;
        if (len === 126) {
          if (buf.length - at < 4) break;
          len = buf.readUInt16BE(at + 2);
          off = at + 4;
        } else if (len === 127) {
          if (buf.length - at < 10) break;
          len = Number(buf.readBigUInt64BE(at + 2));
          off = at + 10;
        }
        if (buf.length < off + len) break;
        const payload = buf.subarray(off, off + len);
        if (opcode === 0x1) onText(payload);
        else if (opcode === 0x9) socket.write(clientFrame(0xa, payload));
        else if (opcode === 0x8) socket.end();
        at = off + len;
      }
      if (at > 0) buf = buf.subarray(at);
      pending = buf.length ? buf : null;
    };
    socket.on('data', (chunk: Buffer) => {
      pending = pending ? Buffer.concat([pending, chunk]) : chunk;
      if (!upgraded) {
        const end = pending.indexOf('\r\n\r\n');
        if (end === -1) return;
        const head = pending.subarray(0, end).toString('latin1');
        if (!/^HTTP\/1\.1 101/.test(head) || !head.includes(accept)) {
          socket.destroy();
          reject(new Error(`upgrade refused: ${head.split('\r\n')[0]}`));
          return;
        }
        upgraded = true;
        pending = pending.length > end + 4 ? pending.subarray(end + 4) : null;
        resolve(api);
        if (!pending) return;
      }
      readFrames();
    });
    socket.on('error', (err) => {
      if (!upgraded) reject(err);
    });
    socket.write(
      `GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\n` +
        `Connection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\nOrigin: ${origin}\r\n\r\n`,
    );
  });
}
