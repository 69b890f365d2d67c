// Load generator for bench-api: runs autocannon in its own process so it does not share the server's
// event loop. Reads {url, method, body, cookies[], connections, duration} as JSON from argv[2].
import autocannon from 'autocannon';

const cfg = JSON.parse(process.argv[2]);
let next = 0;
const result = await autocannon({
  url: cfg.url,
  method: cfg.method ?? 'POST',
  body: cfg.body,
  connections: cfg.connections,
  duration: cfg.duration,
  headers: { 'content-type': 'application/json', origin: cfg.origin },
  setupClient(client) {
    const cookie = cfg.cookies[next++ % cfg.cookies.length];
    client.setHeaders({ 'content-type': 'application/json', origin: cfg.origin, cookie });
  },
});
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }),
);
