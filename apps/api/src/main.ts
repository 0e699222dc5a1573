import { buildApp } from './app.ts';
import { clockStartingAt } from './clock.ts';
import { type AppConfig, loadConfigOrExit } from './config.ts';
import { openDb } from './db/db.ts';
import { withAuthSecret } from './db/instance-secrets.ts';
import { migrateOrExit } from './db/migrate.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { stopOnSignals } from './shutdown.ts';

const envConfig = loadConfigOrExit();
const now = clockStartingAt(envConfig.clockStart);
const db = await openDb(envConfig);
await migrateOrExit(db);
const config = await withAuthSecret(envConfig, db);

async function seedOrExit(config: AppConfig) {
  try {
    return config.seedDemo ? await seedIfEmpty(db, config, now) : null;
  } catch (error) {
    process.stderr.write(`could not seed the demo data: ${String(error)}\n`);
    await db.close();
    process.exit(1);
  }
}

// Seeded before the app exists: the seed's work would otherwise count as event-loop delay against the
// first requests (load shedding, plugins/under-pressure.ts).
const demo = await seedOrExit(config);
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
  await app.listen({ port: config.port, host: config.host });
  const { deployment } = config;
  const lines = [
    '',
    `  ${deployment.brand.serviceName} (${deployment.country.name}, ${deployment.environment}) is running`,
    `  URL:       ${config.publicUrl}`,
    `  API docs:  ${config.publicUrl}/docs`,
    `  Database:  ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pglite`}`,
  ];
  // Passwords and codes stay out of the log: it is read by more people than the accounts belong to.
  if (config.hasOutboxPage) lines.push(`  Outbox:    ${config.publicUrl}/dev/outbox (from this machine only)`);
  if (demo?.hasDemoUser) {
    lines.push(`  Demo login: ${demo.demoEmail}, password DEMO_PASSWORD (its default is in .env.example)`);
  }
  if (demo?.registration) {
    lines.push(`  Vendor-code registration: npm run ops -- vendor-code ${demo.registration.vendorId}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await db.close();
  process.exit(1);
}
