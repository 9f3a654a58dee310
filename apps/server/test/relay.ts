import net from 'node:net';

/**
 * A TCP relay in front of the test database, standing in for a pooler: it records the
 * `application_name` of every connection's startup message (plain text on a local socket), so
 * a test sees which connections went through it.
 */
export async function relay(target: string) {
  const to = new URL(target);
  const names: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(to.port || 5432), to.hostname);
    sockets.add(client).add(upstream);
    let first = true;
    client.on('data', (chunk) => {
      if (first) {
        first = false;
        // StartupMessage: length, protocol, then NUL-separated name/value pairs.
        const fields = chunk.subarray(8).toString('utf8').split('\0');
        const at = fields.indexOf('application_name');
        names.push(at >= 0 ? (fields[at + 1] ?? '') : '');
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = new URL(target);
  address.hostname = '127.0.0.1';
  address.port = String((server.address() as net.AddressInfo).port);
  return {
    url: address.toString(),
    names,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
