/** The baseline of the HTTP measures: a bare fastify route answering `{hello:'world'}`, in a process of its own. */
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ type: 'listening', url });
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
