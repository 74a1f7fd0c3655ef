/**
 * Baseline (a) of the ledger benchmark: a bare Fastify 5 app with one POST route that answers the
 * wire envelope and touches nothing else. Run as its own process; `PORT` chooses the port.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });

app.post('/api/bench/bare', async () => ({ code: 200, msg: 'success', data: null }));
app.get('/health', async () => ({ code: 200, msg: 'success', data: null }));

process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.once('SIGINT', () => void app.close().then(() => process.exit(0)));

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
