/**
 * The operator's engine page (admin only), with full paths under /api/admin/engine:
 *   GET    /api/admin/engine          provider, health, per-mode models, usage figures, plan margins, pull
 *   POST   /api/admin/engine/check    check the provider now
 *   POST   /api/admin/engine/pull     pull a model into Ollama (progress on GET /api/admin/engine)
 *   DELETE /api/admin/engine/pull     cancel the running pull
 *   POST   /api/admin/engine/models   choose the model a mode uses (null: the configured one)
 */
import { engineModelsInput, enginePullInput, type EngineOverview, type EnginePull } from '@plainspoken/shared';
import { createRouter, type AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { jsonBody } from '../../lib/http';
import { RECOMMENDED_OLLAMA_MODEL, type ModelProvider } from '../../lib/engine/provider';
import { adminOnly } from '../../lib/session';
import { outsideDetectorsFor } from '../../lib/outside-detectors';
import { scansThisMonth } from '../../lib/outside-detectors/allowance';
import { OUTSIDE_DETECTORS, OUTSIDE_DETECTOR_NAMES } from '@plainspoken/shared';
import { engineWindows, planMargins } from './engine.service';
import { PullJob } from './pull';

/** The running or last pull of each provider. */
const pulls = new WeakMap<ModelProvider, PullJob>();

function providerOf(deps: AppDeps): ModelProvider {
  if (!deps.models) throw new AppError('NOT_FOUND', 404, 'The engine page is not available in this server.');
  return deps.models;
}

async function overview(deps: AppDeps): Promise<EngineOverview> {
  const models = providerOf(deps);
  const prices = { inPerMillion: deps.env.HUMANIZER_LLM_PRICE_IN, outPerMillion: deps.env.HUMANIZER_LLM_PRICE_OUT };
  const windows = await engineWindows(deps.db, deps.now(), prices);
  const pull = pulls.get(models)?.state ?? null;
  return {
    provider: { ...models.state(), recommendedModel: RECOMMENDED_OLLAMA_MODEL },
    prices,
    windows,
    plans: planMargins(windows.month.all.costPer1kCharged),
    pull,
    outside: await outsideOverview(deps),
  };
}

/** Each outside detector: whether its key is set, the scans sent this month and their cost at the set price. */
async function outsideOverview(deps: AppDeps): Promise<NonNullable<EngineOverview['outside']>> {
  const configured = outsideDetectorsFor(deps.env).configured;
  const scans = await scansThisMonth(deps.db, deps.now());
  return OUTSIDE_DETECTORS.map((id) => {
    const price = deps.env.OUTSIDE_DETECTOR_PRICES[id];
    return {
      detector: id,
      name: OUTSIDE_DETECTOR_NAMES[id],
      configured: configured.includes(id),
      scansThisMonth: scans[id],
      costPerCall: price ?? null,
      monthCost: price === undefined ? null : Math.round(price * scans[id] * 100) / 100,
    };
  });
}

export const engineRoutes = createRouter()
  .get('/api/admin/engine', adminOnly, async (c) => c.json(await overview(c.var.deps)))
  .post('/api/admin/engine/check', adminOnly, async (c) => {
    await providerOf(c.var.deps).probe();
    return c.json(await overview(c.var.deps));
  })
  .post('/api/admin/engine/pull', adminOnly, jsonBody(enginePullInput), (c) => {
    const models = providerOf(c.var.deps);
    const { model } = c.req.valid('json');
    const endpoint = models.state().endpoint;
    if (models.kind !== 'ollama' || !endpoint)
      throw new AppError(
        'VALIDATION',
        400,
        'Models can only be pulled into Ollama; this server uses another provider.',
      );
    if (pulls.get(models)?.running)
      throw new AppError(
        'VALIDATION',
        409,
        `A pull of ${pulls.get(models)?.state.model} is already running. Cancel it first.`,
      );
    const job = new PullJob(endpoint, model, c.var.deps.now(), c.var.deps.logger, () => models.probe());
    pulls.set(models, job);
    return c.json(job.state satisfies EnginePull, 202);
  })
  .delete('/api/admin/engine/pull', adminOnly, (c) => {
    const job = pulls.get(providerOf(c.var.deps));
    if (!job?.running) throw new AppError('NOT_FOUND', 404, 'No pull is running.');
    job.cancel();
    return c.json(job.state satisfies EnginePull);
  })
  .post('/api/admin/engine/models', adminOnly, jsonBody(engineModelsInput), async (c) => {
    const models = providerOf(c.var.deps);
    const { mode, model } = c.req.valid('json');
    if (
      model &&
      models.kind === 'ollama' &&
      !models.state().installed.some((m) => m.name === (model.includes(':') ? model : `${model}:latest`))
    ) {
      throw new AppError('VALIDATION', 400, `Ollama does not have "${model}". Pull it first.`);
    }
    await models.choose(mode, model);
    return c.json(await overview(c.var.deps));
  });
