import http from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createChatHub } from '../../src/server/chat/hub.ts';
import { setupTestApi } from './helpers.ts';
import { startUpgradeServer } from './ws-client.ts';

/**
 * A broadcast is encoded once and the same bytes are sent to every socket. These sockets speak
 * WebSocket by hand, so the test sees exactly the bytes on the wire: a correctly framed text
 * message, identical for every receiver, one per broadcast, in order.
 */
setupTestApi();
const stops: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

/** A client text frame (clients must mask, RFC 6455 §5.3). */
function maskedText(text: string): Buffer {
  const payload = Buffer.from(text);
  if (payload.length >= 126) throw new Error('short frames only');
  const mask = Buffer.from([0x12, 0x34, 0x56, 0x78]);
  const out = Buffer.alloc(6 + payload.length);
  out[0] = 0x81;
  out[1] = 0x80 | payload.length;
  mask.copy(out, 2);
  for (let i = 0; i < payload.length; i++) out[6 + i] = payload[i] ^ mask[i % 4];
  return out;
}

/** RFC 6455 §5.2 server text frame: FIN + text opcode, unmasked, 7/16/64-bit payload length. */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const n = payload.length;
  const head = Buffer.alloc(n < 126 ? 2 : n < 65536 ? 4 : 10);
  head[0] = 0x81;
  if (n < 126) head[1] = n;
  else if (n < 65536) {
    head[1] = 126;
    head.writeUInt16BE(n, 2);
  } else {
    head[1] = 127;
    head.writeBigUInt64BE(BigInt(n), 2);
  }
  return Buffer.concat([head, payload]);
}

/** Length of the first complete unmasked server frame in `buf`, or 0 while it is incomplete. */
function frameLength(buf: Buffer): number {
  if (buf.length < 2) return 0;
  const n = buf[1] & 0x7f;
  const head = n < 126 ? 2 : n === 126 ? 4 : 10;
  if (buf.length < head) return 0;
  const len = n < 126 ? n : n === 126 ? buf.readUInt16BE(2) : Number(buf.readBigUInt64BE(2));
  return buf.length >= head + len ? head + len : 0;
}

type RawPeer = {
  socket: Socket;
  bytes: () => Buffer;
  clear: () => void;
  waitFor: (n: number) => Promise<void>;
};

/** Opens a WebSocket by hand on `port` and sends `init`; resolves once its first frame arrived. */
function rawPeer(port: number): Promise<RawPeer> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      path: '/ws',
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    });
    req.on('upgrade', (_res, socket: Socket, head) => {
      let data = Buffer.from(head);
      const waiters: { n: number; resolve: () => void }[] = [];
      const check = () => {
        for (const w of [...waiters])
          if (data.length >= w.n) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve();
          }
      };
      socket.on('data', (chunk: Buffer) => {
        data = Buffer.concat([data, chunk]);
        check();
      });
      const peer: RawPeer = {
        socket,
        bytes: () => data,
        clear: () => {
          data = Buffer.alloc(0);
        },
        waitFor: (n) =>
          new Promise<void>((done) => {
            waiters.push({ n, resolve: done });
            check();
          }),
      };
      stops.push(() => void socket.destroy());
      socket.write(maskedText('{"type":"init"}'));
      // The hub answers init with the online list: once it is in, the peer is joined.
      const ready = () => {
        const n = frameLength(data);
        if (!n) return void setTimeout(ready, 5);
        data = data.subarray(n);
        resolve(peer);
      };
      ready();
    });
    req.on('response', () => reject(new Error('handshake refused')));
    req.on('error', reject);
    req.end();
  });
}

describe('chat broadcast: one encoded frame for every socket', () => {
  it('writes the same correctly framed bytes to every joined socket, once per broadcast, in order', async () => {
    const hub = createChatHub();
    const s = await startUpgradeServer((req, socket, head) => hub.handleUpgrade(req, socket, head));
    stops.push(
      () => s.stop(),
      () => hub.close(),
    );
    const peers = await Promise.all(Array.from({ length: 12 }, () => rawPeer(s.port)));
    for (const p of peers) p.clear();

    // One short frame (7-bit length) and one long enough for the 16-bit length form.
    const first = { type: 'tips' as const, content: '同一帧发给每个连接' };
    const second = { type: 'tips' as const, content: '长消息😀'.repeat(60) };
    const expected = Buffer.concat([textFrame(JSON.stringify(first)), textFrame(JSON.stringify(second))]);
    await hub.publish(first);
    await hub.publish(second);
    await Promise.all(peers.map((p) => p.waitFor(expected.length)));
    for (const p of peers) expect(p.bytes().equals(expected)).toBe(true);
    // The frames decode to the JSON that was published.
    const head = frameLength(expected);
    expect(JSON.parse(expected.subarray(2, head).toString())).toEqual(first);
    expect(JSON.parse(expected.subarray(head + 4).toString())).toEqual(second);
  });
});
