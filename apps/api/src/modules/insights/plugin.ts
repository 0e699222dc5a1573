import type { FastifyPluginAsync } from 'fastify';
import { insightsRoutes } from './routes.ts';
import type { InsightsService } from './service.ts';

/** Insights: the figures and their export; at start, rollups built with other rules are built again. */
export const insightsPlugin: FastifyPluginAsync<{ services: { insights: InsightsService } }> = async (
  app,
  { services },
) => {
  await app.register(insightsRoutes, { insights: services.insights });
  // Started, not awaited: a database that does not answer at start must not hold the server's readiness (the
  // health probes say so instead), and a rebuild runs in the background either way.
  app.addHook('onReady', async () => {
    void services.insights
      .ensureBuilt()
      .then(({ rebuilding }) => rebuilding)
      .catch((error: unknown) => app.log.error({ err: error }, 'insights: building the rollups failed'));
  });
};
