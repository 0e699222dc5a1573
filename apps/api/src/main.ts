import { buildApp } from './app.ts';
import { clockStartingAt } from './clock.ts';
import { loadConfigOrExit } from './config.ts';
import { openDb } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { seedIfEmpty } from './seed.ts';
import { stopOnSignals } from './shutdown.ts';

const config = loadConfigOrExit();
const now = clockStartingAt(config.clockStart);
const db = await openDb(config);
await migrate(db);
const app = await buildApp(config, { db, now });

stopOnSignals({
  close: async () => {
    await app.close();
    await db.close();
  },
  log: app.log,
  exit: (code) => process.exit(code),
});

try {
  const demo = config.seedDemo ? await seedIfEmpty(db, config, now) : null;
  await app.listen({ port: config.port, host: config.host });
  const { deployment } = config;
  const lines = [
    '',
    `  ${deployment.brand.serviceName} (${deployment.country.name}, ${deployment.environment}) is running`,
    `  URL:       ${config.publicUrl}`,
    `  API docs:  ${config.publicUrl}/docs`,
    `  Database:  ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pglite`}`,
  ];
  if (config.hasOutboxPage) lines.push(`  Outbox:    ${config.publicUrl}/dev/outbox`);
  if (demo?.hasDemoUser) lines.push(`  Demo login: ${demo.demoEmail} / ${demo.demoPassword}`);
  if (demo?.registration) {
    lines.push(
      `  Vendor-code registration: code ${demo.registration.code} with vendor e-mail ${demo.registration.contactEmail}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await db.close();
  process.exit(1);
}
