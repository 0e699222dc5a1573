import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { termsPdf } from './terms-pdf.ts';

/** GET /terms.pdf: the terms and conditions download (spec §1 capabilities, §2 terms download). */
export const legalPlugin: FastifyPluginAsyncZod<{ localesDir: string; serviceName: string; now: () => Date }> = async (
  app,
  { localesDir, serviceName, now },
) => {
  // The terms change with a release only: made once, on the first download.
  let pdf: Promise<Buffer> | null = null;
  app.get('/terms.pdf', { schema: { tags: ['legal'] } }, async (_request, reply) => {
    pdf ??= termsPdf({ localesDir, serviceName, now: now() }).catch((error: unknown) => {
      pdf = null;
      throw error;
    });
    const body = await pdf;
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="terms-and-conditions.pdf"`)
      .header('cache-control', 'public, max-age=3600')
      .send(body);
  });
};
