/**
 * Runs one autocannon load in a process of its own (so the load generator does not share the
 * measured server's or the bench's event loop) and sends back the figures. The requests are
 * data (method, path, headers, body), taken in turn by every connection from one shared
 * counter, so 50 connections spread over many members.
 */
import autocannon, { type Request } from 'autocannon';
import type { LoadFigures, LoadOrder } from './load';

process.once('message', (order: LoadOrder) => {
  let next = 0;
  const requests = [
    {
      setupRequest: (request: Request): Request => {
        const spec = order.requests[next++ % order.requests.length];
        return { ...request, method: spec.method, path: spec.path, headers: spec.headers ?? {}, body: spec.body };
      },
    },
  ];
  // A run of so many requests (`amount`) ends at its last answer: autocannon's own finish comes
  // at its next whole-second sample, which rounded 9,080 additions in 9.1 s up to 908/s.
  const startedAt = performance.now();
  let lastAnswerAt = startedAt;
  const instance = autocannon(
    {
      url: order.url,
      connections: order.connections,
      ...(order.amount ? { amount: order.amount } : { duration: order.seconds }),
      ...(order.overallRate ? { overallRate: order.overallRate } : {}),
      requests,
    },
    (error, result) => {
      if (error) {
        process.send!({ error: String(error) }, () => process.exit(1));
        return;
      }
      const figures: LoadFigures = {
        // A run of so many requests: its rate is over its own length, up to its last answer.
        requestsPerSecond: Math.round(order.amount ? (result.requests.total * 1000) / Math.max(1, lastAnswerAt - startedAt) : result.requests.average),
        p99Ms: result.latency.p99,
        p50Ms: result.latency.p50,
        maxMs: result.latency.max,
        total: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, (stat as { count: number }).count])),
      };
      process.send!(figures, () => process.exit(0));
    },
  );
  instance.on('response', () => {
    lastAnswerAt = performance.now();
  });
});
