/**
 * The loopback server of bench/overhead.ts, run in a child process so that its CPU is not
 * counted in the client's: a node:http server answering every request with one appointment.
 * Prints its port on stdout once listening; exits when stdin closes (its parent is gone).
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BODY } from './lib.ts';

const server = createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(BODY),
  });
  res.end(BODY);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1');
await once(server, 'listening');
console.log((server.address() as AddressInfo).port);
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
