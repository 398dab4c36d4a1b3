import { describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { textFrame } from '../../src/server/chat/frames.ts';

/** The hub's prepared frames must be byte for byte what ws itself would send. */
describe('prepared WebSocket text frames', () => {
  it('match ws framing for every length class (7, 16 and 64-bit lengths)', () => {
    for (const n of [0, 1, 125, 126, 127, 65_535, 65_536, 70_000]) {
      const text = 'a'.repeat(n);
      const ours = textFrame(text);
      // ws's own framing (exported at run time, not in its type declarations).
      const theirs = (ws as any).Sender.frame(Buffer.from(text), {
        fin: true,
        rsv1: false,
        opcode: 1,
        mask: false,
        readOnly: false,
      }) as Buffer[];
      expect(ours.wire.equals(Buffer.concat(theirs)), `length ${n}`).toBe(true);
      expect(ours.payload.toString()).toBe(text);
    }
  });

  it('counts bytes, not characters, for Chinese text and emoji', () => {
    const text = JSON.stringify({ type: 'message', content: '你好😀'.repeat(40) });
    const { wire, payload } = textFrame(text);
    expect(payload.length).toBe(Buffer.byteLength(text));
    expect(wire[1]).toBe(126);
    expect(wire.readUInt16BE(2)).toBe(payload.length);
  });
});
