/** POST /api/ai-check: open to visitors; limited per signed-in user, and per client IP for visitors. */
import { MSG, RATE_LIMITS, aiCheckInput } from '@plainspoken/shared';
import { createRouter } from '../../lib/context';
import { clientIp, jsonBody } from '../../lib/http';
import { getSessionUser } from '../../lib/session';
import { runCheck, validateCheck } from './ai-check.service';

export const aiCheckRoutes = createRouter().post('/api/ai-check', jsonBody(aiCheckInput), async (c) => {
  const d = c.var.deps;
  const { text } = c.req.valid('json');
  const u = await getSessionUser(c);
  const v = await validateCheck(d.db, u, text, d.now());
  if (u) await d.limiter.hit(`check:user:${u.id}`, RATE_LIMITS.aiCheckUserMs, MSG.aiCheckWait);
  else await d.limiter.hit(`check:ip:${clientIp(c, d.env)}`, RATE_LIMITS.aiCheckIpMs, MSG.aiCheckWait);
  return c.json(await runCheck(d, text, v));
});
