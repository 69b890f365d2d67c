/**
 * The MCP server: `POST /mcp`, Streamable HTTP (the SDK's web-standard transport, answers as JSON), stateless
 * (a server and a transport per request, no session), authorised by the same API keys as `/v1`
 * (`Authorization: Bearer ps_live_…`). The tools are in mcp.tools.ts. A missing, unknown or revoked key is
 * refused here with `/v1`'s 401; everything the key's plan and rate decide comes back from the tools as a
 * tool error. `GET` and `DELETE /mcp` (a stream or a session to end) are 405: a stateless server has neither.
 * Decision 0048.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { AppError } from '../../lib/errors';
import { createRouter } from '../../lib/context';
import { identifyKey, type KeyOwner } from './public-api.middleware';
import { mcpServerFor } from './mcp.tools';
import type { PublicApiExtra } from './services';

export const MCP_PATH = '/mcp';

/** A JSON-RPC error as the transport writes its own refusals (no request id: the message was not read). */
const rpcError = (code: number, message: string) => ({ jsonrpc: '2.0' as const, id: null, error: { code, message } });

export const mcpRoutes = createRouter<PublicApiExtra>()
  .post(MCP_PATH, async (c) => {
    const d = c.var.deps;
    c.header('Cache-Control', 'no-store');
    // A page on another site must not reach the server through a browser (DNS rebinding); clients that are
    // programs send no Origin.
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== new URL(d.env.BASE_URL).origin)
      throw new AppError('FORBIDDEN', 403, 'This request came from another site and was refused.');
    let caller: KeyOwner;
    try {
      caller = await identifyKey(d, c.req.header('authorization'));
    } catch (e) {
      if (e instanceof AppError && e.status === 401) c.header('WWW-Authenticate', 'Bearer realm="Plainspoken API"');
      throw e;
    }
    // The body was already read (and measured) at the edge (app.ts); the transport gets it parsed.
    const raw = await c.req.text();
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return c.json(rpcError(-32700, 'Parse error: the body is not JSON.'), 400);
    }
    const server = mcpServerFor({ deps: d, caller });
    const transport = new WebStandardStreamableHTTPServerTransport({
      enableJsonResponse: true,
      maxRequestBodySize: d.env.BODY_LIMIT_BYTES,
    });
    transport.onerror = (e) => d.logger.info('MCP request refused', { error: e.message });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw, { parsedBody: body });
    } finally {
      await server.close();
    }
  })
  .on(['GET', 'DELETE'], MCP_PATH, (c) => {
    c.header('Allow', 'POST');
    return c.json(
      {
        error: {
          code: 'BAD_REQUEST',
          message:
            'This MCP server is stateless: send each message with POST /mcp. There is no stream or session here.',
        },
      },
      405,
    );
  });
