import type { FastifyPluginAsync } from 'fastify';
import { geoRoutes } from './routes.ts';
import type { GeoService } from './service.ts';

/** Address autocomplete, reverse geocoding, place details and the vendor's address book. */
export const geoPlugin: FastifyPluginAsync<{ services: { geo: GeoService } }> = async (app, { services }) => {
  await app.register(geoRoutes, { geo: services.geo });
};
