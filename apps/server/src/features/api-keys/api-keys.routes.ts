/**
 * The profile page's API keys (signed-in owner only; never the keys of anyone else):
 *   GET /api/api-keys, POST /api/api-keys {name} (the full key in the answer, once), DELETE /api/api-keys/:id
 */
import { createApiKeyInput, type RevokedApiKey } from '@plainspoken/shared';
import { createRouter } from '../../lib/context';
import { jsonBody } from '../../lib/http';
import { requireUser, signedIn } from '../../lib/session';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

export const apiKeysRoutes = createRouter()
  .get('/api/api-keys', signedIn, async (c) => {
    const u = await requireUser(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await listApiKeys(c.var.deps.db, u, c.var.deps.now()));
  })
  .post('/api/api-keys', signedIn, jsonBody(createApiKeyInput), async (c) => {
    const u = await requireUser(c);
    const { name } = c.req.valid('json');
    const created = await createApiKey(c.var.deps.db, u, name, c.var.deps.now());
    c.header('Cache-Control', 'no-store');
    return c.json(created, 201);
  })
  .delete('/api/api-keys/:id', signedIn, async (c) => {
    const u = await requireUser(c);
    const id = c.req.param('id');
    await revokeApiKey(c.var.deps.db, u.id, id, c.var.deps.now());
    return c.json({ revoked: true, id } satisfies RevokedApiKey);
  });
