/**
 * A TCP proxy between a test's connection pool and the PostgreSQL cluster, to take the database
 * out of reach and bring it back as a network would (tests/server/operations.test.ts).
 */
import { createServer, Socket, type Server } from 'node:net';

/**
 * A TCP proxy in front of the PostgreSQL cluster: `cut` drops every connection and refuses new
 * ones, `stall` accepts connections and never forwards a byte, `restore` forwards again.
 */
export async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let mode: 'open' | 'stall' = 'open';
  let server: Server;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server = createServer((client) => {
        sockets.add(client);
        client.on('close', () => sockets.delete(client));
        client.on('error', () => client.destroy());
        if (mode === 'stall') return;
        const upstream = new Socket();
        sockets.add(upstream);
        upstream.on('close', () => {
          sockets.delete(upstream);
          client.destroy();
        });
        upstream.on('error', () => upstream.destroy());
        client.on('close', () => upstream.destroy());
        upstream.connect(target.port, target.host, () => {
          client.pipe(upstream);
          upstream.pipe(client);
        });
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  const port = await listen(0);
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  const closeListener = () => new Promise<void>((resolve) => server.close(() => resolve()));
  let listening = true;
  return {
    port,
    async cut() {
      mode = 'open';
      if (listening) {
        listening = false;
        const closed = closeListener();
        dropAll();
        await closed;
      }
    },
    async stall() {
      mode = 'stall';
      dropAll();
      if (!listening) {
        await listen(port);
        listening = true;
      }
    },
    async restore() {
      mode = 'open';
      dropAll();
      if (!listening) {
        await listen(port);
        listening = true;
      }
    },
    async close() {
      mode = 'open';
      dropAll();
      if (listening) await closeListener();
    },
  };
}

export type TcpProxy = Awaited<ReturnType<typeof startProxy>>;
