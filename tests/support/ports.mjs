// A free port for a server a test starts.
import {once} from 'node:events';
import net from 'node:net';

/** A free port on 127.0.0.1. */
export async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = /** @type {net.AddressInfo} */ (server.address());
  server.close();
  await once(server, 'close');
  return address.port;
}
