/** The process: configuration, data-folder lock, serve, and a graceful stop on SIGTERM/SIGINT. */
import { serve } from '@hono/node-server';
import { loadDetector } from '@plainspoken/detector';
import type { Server } from 'node:http';
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
  const server = serve({ fetch: product.app.fetch, port: env.PORT, hostname: env.HOST }) as Server;
  server.on('listening', () => {
    const addr = server.address();
    const port = typeof addr === 'object' && addr ? addr.port : env.PORT;
    product.deps.logger.info(
      `Plainspoken is running at ${env.BASE_URL} (port ${port}, ${product.deps.database.kind} database, mail: ${product.deps.mailer.kind}, engine: ${product.deps.llm ? 'model' : 'local'}, detector ${product.deps.detectorVersion})`,
    );
  });

  // Graceful stop: /readyz turns 503 (the proxy stops sending), no new connections are accepted,
  // in-flight requests finish within SHUTDOWN_TIMEOUT_MS, then the engine and the database pool close.
  const log = product.deps.logger;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (product.deps.lifecycle) product.deps.lifecycle.draining = true;
    log.info(`${signal} received: finishing in-flight requests`, { timeoutMs: env.SHUTDOWN_TIMEOUT_MS });
    const force = setTimeout(() => {
      log.error('Shutdown took too long; closing remaining connections');
      server.closeAllConnections();
      setTimeout(() => process.exit(1), 5_000).unref();
    }, env.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    server.close(async () => {
      try {
        await product.close();
      } finally {
        unlock();
        log.info('Stopped cleanly');
        process.exit(0);
      }
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
