// The framework's ceiling for the API benchmark (api.mjs): a bare Fastify
// server, no logger, no hooks, no database, answering each route with JSON
// held in memory: the very bytes the API answered for the route it stands beside.
// Usage: node bare-server.mjs <port> <payloads.json>   ({ "/bare/<name>": "<json text>" })
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const payloads = JSON.parse(readFileSync(file, 'utf8'));
const app = Fastify({ logger: false });
for (const [path, body] of Object.entries(payloads)) {
  app.get(path, (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
}
await app.listen({ host: '127.0.0.1', port: Number(port) });
process.send?.('ready');
