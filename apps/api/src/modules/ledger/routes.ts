import {
  ConsoleLineParamsSchema,
  ConsoleSettlementParamsSchema,
  ConsoleSettlementsQuerySchema,
  DepositBodySchema,
  DisputeBodySchema,
  FinanceParamsSchema,
  FinanceSummarySchema,
  LineParamsSchema,
  MarkPaidBodySchema,
  ResolveDisputeBodySchema,
  SettlementDetailSchema,
  SettlementParamsSchema,
  StatementQuerySchema,
} from '@riderdesk/domain/contracts/finance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CSV_TYPE } from '../../infra/spreadsheet.ts';
import { CALLER_SECURITY, requireMerchantOrPartner } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import { CONSOLE_SECURITY } from '../operators/guard.ts';
import type { LedgerService } from './service.ts';

const EXPORTS_PER_MINUTE = 10;

/** The merchant's Finance page (decision 179). */
export const financeRoutes: FastifyPluginAsyncZod<{ ledger: LedgerService }> = async (app, { ledger }) => {
  const tags = ['finance'];
  app.get(
    '/vendor/:vendorId/finance',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: CALLER_SECURITY,
        description: 'Cash riders hold for the vendor, the next settlement estimate, settlements and reconciliation.',
        params: FinanceParamsSchema,
        response: { 200: FinanceSummarySchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) => ({ result: await ledger.summary(requireMerchantOrPartner(request), request.params.vendorId) }),
  );
  app.get(
    '/vendor/:vendorId/finance/settlements/:settlementId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: CALLER_SECURITY,
        params: SettlementParamsSchema,
        response: { 200: SettlementDetailSchema, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request) => ({
      result: await ledger.settlement(
        requireMerchantOrPartner(request),
        request.params.vendorId,
        request.params.settlementId,
      ),
    }),
  );
  app.get(
    '/vendor/:vendorId/finance/settlements/:settlementId/statement',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: EXPORTS_PER_MINUTE, timeWindow: 60_000 } },
      schema: { tags, security: CALLER_SECURITY, params: SettlementParamsSchema, querystring: StatementQuerySchema },
    },
    async (request, reply) => {
      const file = await ledger.statement(
        requireMerchantOrPartner(request),
        request.params.vendorId,
        request.params.settlementId,
        request.query,
      );
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );
  app.post(
    '/vendor/:vendorId/finance/lines/:lineId/dispute',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: CALLER_SECURITY,
        params: LineParamsSchema,
        body: DisputeBodySchema,
      },
    },
    async (request) => ({
      result: await ledger.flagLine(
        requireMerchantOrPartner(request),
        request.params.vendorId,
        request.params.lineId,
        request.body.reason,
      ),
    }),
  );
};

/** The console's finance section: reads for admin and finance; every change audited (decision 179). */
export const consoleFinanceRoutes: FastifyPluginAsyncZod<{ ledger: LedgerService }> = async (app, { ledger }) => {
  const tags = ['console'];
  const finance = app.requireOperator('admin', 'finance');
  const operatorId = (request: { operator: { id: string } | null }) => request.operator!.id;
  const base = { tags, security: CONSOLE_SECURITY };

  app.get('/riders-cash', { onRequest: finance, schema: base }, async () => ({
    limit_minor: ledger.console.cashLimitMinor,
    riders: await ledger.console.ridersCash(),
  }));
  app.get('/deposits', { onRequest: finance, schema: base }, async () => ({
    deposits: await ledger.console.deposits(),
  }));
  app.post('/deposits', { onRequest: finance, schema: { ...base, body: DepositBodySchema } }, async (request) =>
    ledger.console.recordDeposit(operatorId(request), request.body),
  );
  app.get(
    '/settlements',
    { onRequest: finance, schema: { ...base, querystring: ConsoleSettlementsQuerySchema } },
    async (request) => ({ settlements: await ledger.console.settlements(request.query.status) }),
  );
  app.get(
    '/settlements/:settlementId',
    { onRequest: finance, schema: { ...base, params: ConsoleSettlementParamsSchema } },
    async (request) => ledger.console.settlement(request.params.settlementId),
  );
  app.post(
    '/settlements/:settlementId/paid',
    { onRequest: finance, schema: { ...base, params: ConsoleSettlementParamsSchema, body: MarkPaidBodySchema } },
    async (request) =>
      ledger.console.markPaid(operatorId(request), request.params.settlementId, request.body.reference),
  );
  app.post('/settlement-runs', { onRequest: finance, schema: base }, async (request) => ({
    settlements: await ledger.console.runNow(operatorId(request)),
  }));
  app.get(
    '/payouts/export',
    {
      onRequest: finance,
      schema: { ...base, description: 'The pending payouts as CSV for the bank upload.' },
      config: { rateLimit: { max: EXPORTS_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (_request, reply) =>
      reply
        .type(CSV_TYPE)
        .header('content-disposition', `attachment; filename="payouts-${ledger.now().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store')
        .send(await ledger.console.payoutFile()),
  );
  app.get('/disputes', { onRequest: finance, schema: base }, async () => ({
    lines: await ledger.console.disputes(),
  }));
  app.post(
    '/lines/:lineId/resolve',
    { onRequest: finance, schema: { ...base, params: ConsoleLineParamsSchema, body: ResolveDisputeBodySchema } },
    async (request) => ledger.console.resolve(operatorId(request), request.params.lineId, request.body),
  );
  app.get('/invariant-reports', { onRequest: finance, schema: base }, async () => ({
    reports: await ledger.console.invariantReports(),
  }));
};
