import net from 'node:net';

/**
 * The address the instances know the database by, as a failover moves it (a virtual IP, HAProxy's
 * TCP frontend, a cloud provider's endpoint): every connection made to the proxy is piped to the
 * current target; `moveTo` points it elsewhere and cuts the connections made before, as the old
 * address going away does. The failover test's stand-in for HAProxy (issue 42 §3).
 */
export interface TcpProxy {
  port: number;
  moveTo: (target: number) => void;
  close: () => Promise<void>;
}

export async function startTcpProxy(target: number): Promise<TcpProxy> {
  let current = target;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(current, '127.0.0.1');
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      // A reset on one side ends the other: the instance sees its connection terminated.
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).on('error', () => client.destroy());
    upstream.pipe(client).on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    moveTo: (next) => {
      current = next;
      for (const socket of open) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
