import { loadConfigOrExit } from './config.ts';
import { openDb } from './db/db.ts';
import { withAuthSecret } from './db/instance-secrets.ts';
import { migrateOrExit } from './db/migrate.ts';
import { OpsError, runCommand, USAGE } from './ops/commands.ts';

const argv = process.argv.slice(2);
if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

const envConfig = loadConfigOrExit();
const db = await openDb(envConfig);
let exitCode = 0;
try {
  await migrateOrExit(db);
  const config = await withAuthSecret(envConfig, db);
  process.stdout.write(`${await runCommand({ db, config }, argv)}\n`);
} catch (error) {
  if (error instanceof OpsError) {
    process.stderr.write(`error: ${error.message}\n\n${USAGE}\n`);
    exitCode = 2;
  } else {
    process.stderr.write(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    exitCode = 1;
  }
} finally {
  await db.close();
}
process.exit(exitCode);
