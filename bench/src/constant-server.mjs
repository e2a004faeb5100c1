// A minimal Fastify server answering one constant JSON body: the floor the real
// `GET /api/shop` is compared with. Run as its own process so it does not share an event loop
// with the load generator. Usage: node constant-server.mjs <port> <body-file>
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, bodyFile] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const app = Fastify({ logger: false });
app.get('/constant', (_request, reply) => {
  reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('constant server ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
