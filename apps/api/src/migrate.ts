import { loadConfigOrExit } from './config.ts';
import { DataFolderInUse } from './db/data-folder-lock.ts';
import { type Db, openDb } from './db/db.ts';
import { migrateOrExit } from './db/migrate.ts';

const config = loadConfigOrExit();
let db: Db;
try {
  db = await openDb(config);
} catch (error) {
  if (!(error instanceof DataFolderInUse)) throw error;
  // A running server has migrated the embedded database at its start (decision 126).
  process.stderr.write(`error: ${error.message}; a running server applies the migrations when it starts.\n`);
  process.exit(1);
}
try {
  const applied = await migrateOrExit(db);
  process.stdout.write(applied.length ? `applied ${applied.join(', ')}\n` : 'database is up to date\n');
} finally {
  await db.close();
}
