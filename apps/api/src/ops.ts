import { loadConfigOrExit } from './config.ts';
import { DataFolderInUse } from './db/data-folder-lock.ts';
import { type Db, openDb } from './db/db.ts';
import { withAuthSecret } from './db/instance-secrets.ts';
import { migrateOrExit } from './db/migrate.ts';
import { type CommandAnswer, sendOperatorCommand } from './ops/command-socket.ts';
import { OpsError, runCommand, USAGE } from './ops/commands.ts';

const argv = process.argv.slice(2);
if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

function report(answer: CommandAnswer): number {
  if (answer.ok) {
    process.stdout.write(`${answer.output}\n`);
    return 0;
  }
  process.stderr.write(answer.isUsage ? `error: ${answer.message}\n\n${USAGE}\n` : `error: ${answer.message}\n`);
  return answer.isUsage ? 2 : 1;
}

/** Runs the command here, on a database this process has opened. */
async function runHere(db: Db): Promise<number> {
  try {
    await migrateOrExit(db);
    const config = await withAuthSecret(envConfig, db);
    return report({ ok: true, output: await runCommand({ db, config }, argv) });
  } catch (error) {
    if (error instanceof OpsError) return report({ ok: false, isUsage: true, message: error.message });
    return report({
      ok: false,
      isUsage: false,
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  } finally {
    await db.close();
  }
}

/**
 * The embedded database belongs to one process (decision 126): while the server has the data folder, the
 * command goes through it; a command is never run on a second copy of the folder beside the server's.
 */
async function runThroughServer(inUse: DataFolderInUse): Promise<number> {
  const answer = await sendOperatorCommand(inUse.dataDir, argv);
  if (answer) return report(answer);
  process.stderr.write(
    `error: ${inUse.message}, which takes no operator commands. Nothing was changed; run the command again once it has stopped.\n`,
  );
  return 1;
}

const envConfig = loadConfigOrExit();
let exitCode: number;
try {
  exitCode = await runHere(await openDb(envConfig));
} catch (error) {
  if (!(error instanceof DataFolderInUse)) throw error;
  exitCode = await runThroughServer(error);
}
process.exit(exitCode);
