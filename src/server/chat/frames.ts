import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/**
 * A server→client text frame built once and written as the same bytes to every socket of a
 * broadcast. With thousands of sockets, ws's per-send framing (a header allocated per socket, two
 * writes under cork) costs more than the writes themselves; this keeps a broadcast to one write each.
 */
export type WireFrame = { payload: Buffer; wire: Buffer };

/** RFC 6455 §5.2: FIN + text opcode, unmasked (server side), 7/16/64-bit payload length. */
export function textFrame(text: string): WireFrame {
  const payload = Buffer.from(text);
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65536 ? 4 : 10;
  const wire = Buffer.allocUnsafe(head + n);
  wire[0] = 0x81;
  if (n < 126) wire[1] = n;
  else if (n < 65536) {
    wire[1] = 126;
    wire.writeUInt16BE(n, 2);
  } else {
    wire[1] = 127;
    wire.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(wire, head);
  return { payload, wire };
}

type WsInternals = { _socket?: Socket; _sender?: { _state?: number; _queue?: unknown[] } };

/**
 * Writes a prepared frame straight to the socket when ws has nothing of its own pending (always
 * the case here: no permessage-deflate, no Blob sends, so ws writes synchronously and frames
 * cannot interleave); otherwise hands the payload to ws.send.
 */
export function writeFrame(ws: WebSocket, frame: WireFrame): void {
  const inner = ws as unknown as WsInternals;
  const socket = inner._socket;
  const sender = inner._sender;
  if (socket && sender && sender._state === 0 && sender._queue?.length === 0 && !socket.destroyed) {
    socket.write(frame.wire);
  } else {
    ws.send(frame.payload, { binary: false });
  }
}
