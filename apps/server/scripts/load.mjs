// Load generator for bench-api, in its own process so it does not share the server's event loop.
// Reads {url, method, body, cookies[], connections, duration, rate?} as JSON from argv[2] and prints
// {rps, p50, p99, total, non2xx, errors, timeouts}.
//
// Without `rate`: autocannon, every connection sending its next request as soon as the last one is
// answered (throughput). With `rate`: a paced schedule, because autocannon's own rate option lets each
// connection send its whole second's share in one burst. Here each of the `connections` users sends one
// request every connections/rate seconds, the users evenly staggered, and latency is measured from the
// moment a request was due, so a request held back by a slow answer still counts its wait.
import autocannon from 'autocannon';
import http from 'node:http';

const cfg = JSON.parse(process.argv[2]);

async function throughput() {
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
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

async function paced() {
  const users = cfg.connections;
  const interval = (users / cfg.rate) * 1000;
  const agent = new http.Agent({ keepAlive: true, maxSockets: users });
  const url = new URL(cfg.url);
  const body = Buffer.from(cfg.body ?? '');
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  const start = performance.now() + 50;
  const end = start + cfg.duration * 1000;
  const send = (cookie) =>
    new Promise((resolve) => {
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: cfg.method ?? 'POST',
          headers: { 'content-type': 'application/json', 'content-length': body.length, origin: cfg.origin, cookie },
        },
        (res) => {
          if (res.statusCode < 200 || res.statusCode > 299) non2xx++;
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });
  await Promise.all(
    Array.from({ length: users }, async (_, i) => {
      const cookie = cfg.cookies[i % cfg.cookies.length];
      for (let due = start + (i * interval) / users; due < end; due += interval) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        await send(cookie);
        latencies.push(performance.now() - due);
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    rps: latencies.length / cfg.duration,
    p50: at(0.5),
    p99: at(0.99),
    total: latencies.length,
    non2xx,
    errors,
    timeouts: 0,
  };
}

process.stdout.write(JSON.stringify(cfg.rate ? await paced() : await throughput()));
