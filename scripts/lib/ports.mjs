// Port helpers shared by the scripts that start servers (with-postgres, start-cluster).
import { createServer } from 'node:net';

/** A port the OS has just handed out on `host`: free now, though another process may take it before we bind it. */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether `port` can be bound on `host` right now (false when something listens there). */
export function portIsFree(port, host = '0.0.0.0') {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}
