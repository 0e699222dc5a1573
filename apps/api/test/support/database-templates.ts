import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../src/db/db.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createScratchDatabase } from '../../src/db/scratch-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped PGlite data folder, migrated: each PGlite test database starts as its copy. */
    pgliteTemplate: string;
    /** A migrated database on DATABASE_URL's server (empty without it): each PostgreSQL test database is its copy. */
    postgresTemplate: string;
  }
}

/**
 * The API suites' global set-up (decision 164): the migrations run once per run, into one PGlite data folder
 * and, with DATABASE_URL, one PostgreSQL database; every test database is then a copy of them, which skips
 * PGlite's initdb and the migrations for each of the suites' hundreds of databases.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const pglite = await openPglite('memory://');
  let templateFile: string;
  try {
    await migrate(pglite);
    const target = pglite.listenTarget;
    if (target?.kind !== 'pglite') throw new Error('openPglite did not open PGlite');
    const dump = await target.pglite.dumpDataDir('none');
    templateFile = path.join(tmpdir(), `riderdesk-test-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
    await writeFile(templateFile, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pglite.close();
  }
  project.provide('pgliteTemplate', templateFile);

  const adminUrl = process.env.DATABASE_URL;
  let postgresTemplate = '';
  if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl, { prefix: 'rd_template', poolSize: 1 });
    await scratch.db.close();
    postgresTemplate = new URL(scratch.url).pathname.slice(1);
  }
  project.provide('postgresTemplate', postgresTemplate);

  return async () => {
    await rm(templateFile, { force: true });
    if (adminUrl && postgresTemplate) {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${postgresTemplate} with (force)`);
      } finally {
        await client.end();
      }
    }
  };
}
