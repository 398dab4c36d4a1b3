/**
 * A TCP proxy on 127.0.0.1 between one server process and a service (its Redis link), so a fault test
 * can cut that one link while the other processes keep theirs: `cut()` closes every
 * connection and resets each new one at once (as a peer that went away), `heal()` lets them through
 * again.
 */
import net from 'node:net';

export type TcpProxy = {
  port: number;
  /** Where it forwards to (set before the first connection). */
  target: number;
  cut(): void;
  heal(): void;
  close(): Promise<void>;
};

export async function tcpProxy(): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let cutOff = false;
  const server = net.createServer((client) => {
    if (cutOff) return void client.resetAndDestroy();
    const upstream = net.connect(proxy.target, '127.0.0.1');
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ]) {
      open.add(a);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        open.delete(a);
        b.destroy();
      });
      a.pipe(b);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxy: TcpProxy = {
    port: (server.address() as net.AddressInfo).port,
    target: 0,
    cut() {
      cutOff = true;
      for (const socket of open) socket.resetAndDestroy();
    },
    heal() {
      cutOff = false;
    },
    close: () =>
      new Promise((resolve) => {
        proxy.cut();
        server.close(() => resolve());
      }),
  };
  return proxy;
}
