import { loadConfigOrExit } from './config.ts';
import { openDb } from './db/db.ts';
import { migrateOrExit } from './db/migrate.ts';

const config = loadConfigOrExit();
const db = await openDb(config);
try {
  const applied = await migrateOrExit(db);
  process.stdout.write(applied.length ? `applied ${applied.join(', ')}\n` : 'database is up to date\n');
} finally {
  await db.close();
}
