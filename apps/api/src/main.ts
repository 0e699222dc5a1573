import { buildApp } from './app.ts';
import { clockStartingAt } from './clock.ts';
import { type AppConfig, loadConfigOrExit } from './config.ts';
import { DataFolderInUse } from './db/data-folder-lock.ts';
import { type Db, openDb } from './db/db.ts';
import { withAuthSecret } from './db/instance-secrets.ts';
import { migrateOrExit } from './db/migrate.ts';
import { serveOperatorCommands } from './ops/command-socket.ts';
import { OpsError, runCommand } from './ops/commands.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { stopOnSignals } from './shutdown.ts';

const envConfig = loadConfigOrExit();
const now = clockStartingAt(envConfig.clockStart);
async function openDbOrExit(): Promise<Db> {
  try {
    return await openDb(envConfig);
  } catch (error) {
    if (!(error instanceof DataFolderInUse)) throw error;
    // Two processes on one embedded folder would overwrite each other's writes (decision 126).
    process.stderr.write(
      `cannot start: ${error.message}. Stop it first; operator commands sent with npm run ops go through a running server.\n`,
    );
    process.exit(1);
  }
}

const db = await openDbOrExit();
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
// On the embedded database the operator's command line cannot open the folder this process holds: it sends
// its commands here instead (decision 126).
const operatorCommands = config.databaseUrl
  ? null
  : await serveOperatorCommands(config.dataDir, async (argv) => {
      try {
        const output = await runCommand({ db, config, now }, argv);
        app.log.info({ command: argv[0] }, 'operator command');
        return { ok: true, output };
      } catch (error) {
        if (error instanceof OpsError) return { ok: false, isUsage: true, message: error.message };
        app.log.error({ err: error, command: argv[0] }, 'operator command failed');
        return { ok: false, isUsage: false, message: error instanceof Error ? error.message : String(error) };
      }
    });

stopOnSignals({
  close: async () => {
    await operatorCommands?.close();
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
  await operatorCommands?.close();
  await db.close();
  process.exit(1);
}
