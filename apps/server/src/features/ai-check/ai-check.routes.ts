import { Hono } from 'hono';
import { MSG, RATE_LIMITS, aiCheckInput } from '@plainspoken/shared';
import type { AppEnv } from '../../app';
import { getSessionUser } from '../../auth/guards';
import { clientIp, readJson } from '../../lib/http';
import { runCheck, validateCheck } from './ai-check.service';

/** POST /api/ai-check: open to visitors; limited per signed-in user, and per client IP for visitors. */
export const aiCheckRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const d = c.var.deps;
  const { text } = await readJson(c, aiCheckInput);
  const u = await getSessionUser(c);
  const v = await validateCheck(d.db, u, text, d.now());
  if (u) await d.limiter.hit(`check:user:${u.id}`, RATE_LIMITS.aiCheckUserMs, MSG.aiCheckWait);
  else await d.limiter.hit(`check:ip:${clientIp(c, d.env)}`, RATE_LIMITS.aiCheckIpMs, MSG.aiCheckWait);
  return c.json(await runCheck(d.engine, text, v));
});
