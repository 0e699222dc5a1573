import {
  CountryParameterBodySchema,
  CountryParameterSettingParamsSchema,
  CountryParametersSchema,
  FlagChangeBodySchema,
  FlagParamsSchema,
  FlagSettingsSchema,
  MaintenanceBodySchema,
  MaintenanceStateSchema,
  PartnerTokenIssueBodySchema,
  PartnerTokenIssuedSchema,
  PartnerTokenListSchema,
  PartnerTokenParamsSchema,
  PartnerTokenSchema,
} from '@riderdesk/domain/contracts/console-settings';
import type { FlagName } from '@riderdesk/domain/contracts/flags';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../plugins/errors.ts';
import { CONSOLE_SECURITY, operatorOf } from '../operators/guard.ts';
import type { PlatformSettings } from './service.ts';

/** The console's Platform settings page (decision 183): admins; operations may read and change flags. */
export const consoleSettingsRoutes: FastifyPluginAsyncZod<{ settings: PlatformSettings }> = async (
  app,
  { settings },
) => {
  const common = { tags: ['console'], security: CONSOLE_SECURITY };
  const errors = errorAnswers(400, 401, 403, 404);
  const flagRoles = app.requireOperator('operations');
  const adminOnly = () => app.requireOperator('admin');

  app.get(
    '/settings/flags',
    { onRequest: flagRoles, schema: { ...common, response: { 200: FlagSettingsSchema, ...errors } } },
    async () => settings.flagSettings(),
  );

  app.put(
    '/settings/flags/:name',
    {
      onRequest: flagRoles,
      schema: {
        ...common,
        description: "A flag's value for the deployment, a country or a vendor; null removes a country's or vendor's.",
        params: FlagParamsSchema,
        body: FlagChangeBodySchema,
        response: { 200: FlagSettingsSchema, ...errors },
      },
    },
    async (request) => settings.changeFlag(operatorOf(request), request.params.name as FlagName, request.body),
  );

  app.get(
    '/settings/maintenance',
    { onRequest: adminOnly(), schema: { ...common, response: { 200: MaintenanceStateSchema, ...errors } } },
    async () => settings.maintenance(),
  );

  app.put(
    '/settings/maintenance',
    {
      onRequest: adminOnly(),
      schema: {
        ...common,
        description: 'Planned or unplanned maintenance: every instance and every open page follows within seconds.',
        body: MaintenanceBodySchema,
        response: { 200: MaintenanceStateSchema, ...errors },
      },
    },
    async (request) => settings.setMaintenance(operatorOf(request), request.body),
  );

  app.get(
    '/settings/country-parameters',
    { onRequest: adminOnly(), schema: { ...common, response: { 200: CountryParametersSchema, ...errors } } },
    async () => settings.countryParameters(),
  );

  app.put(
    '/settings/country-parameters/:name',
    {
      onRequest: adminOnly(),
      schema: {
        ...common,
        params: CountryParameterSettingParamsSchema,
        body: CountryParameterBodySchema,
        response: { 200: CountryParametersSchema, ...errors },
      },
    },
    async (request) => settings.setCountryParameter(operatorOf(request), request.params.name, request.body.value),
  );

  app.get(
    '/settings/partner-tokens',
    { onRequest: adminOnly(), schema: { ...common, response: { 200: PartnerTokenListSchema, ...errors } } },
    async () => ({ tokens: await settings.partnerTokens() }),
  );

  app.post(
    '/settings/partner-tokens',
    {
      onRequest: adminOnly(),
      schema: {
        ...common,
        description: 'A partner (GODROID) token naming a vendor: answered once, only its hash is kept.',
        body: PartnerTokenIssueBodySchema,
        response: { 201: PartnerTokenIssuedSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await settings.issuePartnerToken(operatorOf(request), request.body));
    },
  );

  app.post(
    '/settings/partner-tokens/:tokenId/revoke',
    {
      onRequest: adminOnly(),
      schema: {
        ...common,
        description: 'The token is refused at once on every instance.',
        params: PartnerTokenParamsSchema,
        response: { 200: PartnerTokenSchema, ...errors },
      },
    },
    async (request) => settings.revokePartnerToken(operatorOf(request), request.params.tokenId),
  );
};
