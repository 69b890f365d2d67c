/** The process: configuration, data-folder lock, serve, and a graceful stop on SIGTERM/SIGINT. */
import { serve } from '@hono/node-server';
import { loadDetector } from '@plainspoken/detector';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { ConfigError, loadEnv } from './env';
import { DataDirLockedError, lockDataDir } from './db/lock';
import { buildProduct } from './server';

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(78);
    }
    throw e;
  }
  try {
    loadDetector();
  } catch (e) {
    console.error((e as Error).message);
    console.error('The server cannot score or rewrite text without its detector; it will not start.');
    process.exit(1);
  }
  let unlock = () => {};
  if (!env.DATABASE_URL) {
    try {
      unlock = lockDataDir(env.DATA_DIR);
    } catch (e) {
      if (e instanceof DataDirLockedError) {
        console.error(e.message);
        process.exit(73);
      }
      throw e;
    }
  }
  const product = await buildProduct(env);
  // A request must arrive whole within REQUEST_TIMEOUT_MS (headers within HEADERS_TIMEOUT_MS): a body that
  // never comes does not hold a connection, and a sign-in, for minutes. Answers may take as long as they need.
  const server = serve({
    fetch: product.app.fetch,
    port: env.PORT,
    hostname: env.HOST,
    serverOptions: {
      requestTimeout: env.REQUEST_TIMEOUT_MS,
      headersTimeout: Math.min(env.HEADERS_TIMEOUT_MS, env.REQUEST_TIMEOUT_MS),
      // Node checks those timeouts only this often (30 s by default).
      connectionsCheckingInterval: 1_000,
    },
  }) as Server;
  // Responses not yet started; on a stop each is told to close its connection when it is done.
  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (stopping) {
      if (!res.headersSent) res.setHeader('connection', 'close');
      return;
    }
    inFlight.add(res);
    res.on('finish', () => inFlight.delete(res));
    res.on('close', () => inFlight.delete(res));
  });
  server.on('listening', () => {
    const addr = server.address();
    const port = typeof addr === 'object' && addr ? addr.port : env.PORT;
    product.deps.logger.info(
      `Plainspoken is running at ${env.BASE_URL} (port ${port}, ${product.deps.database.kind} database, mail: ${product.deps.mailer.kind}, engine: ${product.deps.llm ? 'model' : 'local'}, detector ${product.deps.detectorVersion})`,
    );
  });

  // Graceful stop: /readyz turns 503 (the proxy stops sending), no new connections are accepted, every
  // answer from now on carries Connection: close (keep-alive clients reconnect elsewhere instead of being
  // cut), idle connections close at once and busy ones as their answer ends, in-flight requests finish
  // within SHUTDOWN_TIMEOUT_MS, then the engine and the database pool close and the process exits.
  const log = product.deps.logger;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
    // A streaming answer started before the stop keeps its connection until it ends; then it is idle.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    sweep.unref();
    if (product.deps.lifecycle) product.deps.lifecycle.draining = true;
    log.info(`${signal} received: finishing in-flight requests`, { timeoutMs: env.SHUTDOWN_TIMEOUT_MS });
    const force = setTimeout(() => {
      log.error('Shutdown took too long; closing remaining connections');
      server.closeAllConnections();
      setTimeout(() => process.exit(1), 5_000).unref();
    }, env.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    server.close(() => {
      void product.close().finally(() => {
        unlock();
        log.info('Stopped cleanly');
        process.exit(0);
      });
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
