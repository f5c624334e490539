// The bench's ceiling: a bare Fastify handler on the same machine, Node and Fastify as the shop
// (scripts/bench/api-load.mjs). Listens on 127.0.0.1:PORT.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true, items: [1, 2, 3] }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
