/**
 * A chat client for hub tests: Node's built-in WebSocket, every frame kept, and waits for the frame
 * a test expects (each frame is handed to one wait only, in arrival order).
 */
export type Frame = { type: string; [key: string]: any };

export class ChatClient {
  readonly ws: WebSocket;
  readonly frames: Frame[] = [];
  private claimed = new Set<Frame>();
  private waiters: { pred: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.addEventListener('message', (e) => {
      const frame = JSON.parse(String(e.data)) as Frame;
      this.frames.push(frame);
      const i = this.waiters.findIndex((w) => w.pred(frame));
      if (i !== -1) {
        this.claimed.add(frame);
        this.waiters.splice(i, 1)[0].resolve(frame);
      }
    });
    this.closed = new Promise((resolve) =>
      ws.addEventListener('close', (e) => resolve({ code: e.code, reason: e.reason })),
    );
  }

  /** Opens a socket; rejects when the handshake is refused. */
  static open(url: string, headers: Record<string, string> = {}): Promise<ChatClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers } as never);
      const client = new ChatClient(ws);
      ws.addEventListener('open', () => resolve(client), { once: true });
      ws.addEventListener('error', () => reject(new Error('handshake refused')), { once: true });
    });
  }

  /** Opens a socket and sends `init` (with the token, if any); resolves after the first onlineList. */
  static async join(url: string, token?: string): Promise<ChatClient> {
    const client = await ChatClient.open(url);
    client.send(token ? { type: 'init', token } : { type: 'init' });
    await client.next('onlineList');
    return client;
  }

  send(frame: object): void {
    this.ws.send(JSON.stringify(frame));
  }

  /** The next unclaimed frame of this type (and matching `pred`), waiting up to `ms`. */
  next(type: string, pred: (f: Frame) => boolean = () => true, ms = 5000): Promise<Frame> {
    const match = (f: Frame) => f.type === type && pred(f);
    const ready = this.frames.find((f) => !this.claimed.has(f) && match(f));
    if (ready) {
      this.claimed.add(ready);
      return Promise.resolve(ready);
    }
    return new Promise((resolve, reject) => {
      const waiter = { pred: match, resolve };
      this.waiters.push(waiter);
      setTimeout(() => {
        const i = this.waiters.indexOf(waiter);
        if (i === -1) return;
        this.waiters.splice(i, 1);
        reject(new Error(`no ${type} frame; got ${JSON.stringify(this.frames.slice(-5))}`));
      }, ms);
    });
  }

  /** Every frame of a type received so far (claimed or not). */
  all(type: string): Frame[] {
    return this.frames.filter((f) => f.type === type);
  }

  close(): Promise<{ code: number; reason: string }> {
    this.ws.close();
    return this.closed;
  }
}

/** A plain HTTP server on an ephemeral port that hands upgrades to `handle`. */
export async function startUpgradeServer(
  handle: (
    req: import('node:http').IncomingMessage,
    socket: import('node:stream').Duplex,
    head: Buffer,
  ) => void,
): Promise<{ server: import('node:http').Server; port: number; wsUrl: string; stop: () => Promise<void> }> {
  const http = await import('node:http');
  const server = http.createServer((_req, res) => res.writeHead(404).end());
  server.on('upgrade', handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as import('node:net').AddressInfo).port;
  return {
    server,
    port,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
