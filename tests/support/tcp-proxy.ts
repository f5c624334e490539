import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy (node:net) between the shop and its PostgreSQL server, to take the
 * database away and give it back the way a network or a database restart does:
 *   cut()             every open connection is reset and new ones are refused (ECONNREFUSED)
 *   cut('blackhole')  every open connection is reset and new ones are accepted but never
 *                     answered (a host that vanished from the network)
 *   restore()         the proxy forwards again on the same port, as before
 */
export interface TcpProxy {
  port: number;
  cut(mode?: 'refuse' | 'blackhole'): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number, port = 0): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let blackhole = false;

  const listen = (at: number) =>
    new Promise<number>((resolve, reject) => {
      const s = createServer((client) => {
        sockets.add(client);
        if (blackhole) {
          client.on('error', () => sockets.delete(client));
          return;
        }
        const upstream = connect(targetPort, targetHost);
        sockets.add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream).pipe(client);
      });
      s.once('error', reject);
      s.listen(at, '127.0.0.1', () => {
        server = s;
        const address = s.address();
        resolve(typeof address === 'object' && address ? address.port : at);
      });
    });

  const stop = async () => {
    const s = server;
    server = undefined;
    for (const socket of sockets) socket.resetAndDestroy();
    sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };

  const bound = await listen(port);
  return {
    port: bound,
    async cut(mode = 'refuse') {
      await stop();
      if (mode === 'blackhole') {
        blackhole = true;
        await listen(bound);
      }
    },
    async restore() {
      if (blackhole) {
        blackhole = false;
        await stop();
      }
      if (!server) await listen(bound);
    },
    close: async () => {
      blackhole = false;
      await stop();
    },
  };
}
