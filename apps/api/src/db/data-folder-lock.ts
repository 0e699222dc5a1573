import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One process at a time on an embedded data folder (decision 126). PGlite keeps the database in the memory of
 * the process that opened it and writes it back to the folder: a second process opening the same folder works
 * on its own copy, and whichever closes last overwrites what the other wrote. The lock file holds the pid of
 * the process that has the folder; a lock whose process is gone (a crash, kill -9) is taken over.
 */
export const LOCK_FILE = 'pglite.lock';

export class DataFolderInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`the data folder ${dataDir} is in use by process ${pid}`);
  }
}

/** Lock files this process holds: a lock naming this pid that is not among them was left by an earlier run. */
const heldHere = new Set<string>();

function isRunning(pid: number, file: string): boolean {
  // A restarted container often gets the pid its previous run had.
  if (pid === process.pid) return heldHere.has(file);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** The pid of the running process that holds the folder, or null when none does. */
export function dataFolderHolder(dataDir: string): number | null {
  const file = path.join(dataDir, LOCK_FILE);
  const pid = readPid(file);
  return pid !== null && isRunning(pid, file) ? pid : null;
}

/** Takes the folder for this process, or throws DataFolderInUse naming the process that has it. */
export function lockDataFolder(dataDir: string): { release(): void } {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  // Written whole under a name of its own, then linked into place: link fails when the lock exists, so the
  // lock file is never seen half written.
  const mine = `${file}.${process.pid}`;
  writeFileSync(mine, `${process.pid}\n`, { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(mine, file);
        heldHere.add(file);
        return {
          release() {
            if (!heldHere.delete(file)) return;
            if (readPid(file) === process.pid) unlinkSync(file);
          },
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const pid = readPid(file);
        if (pid !== null && isRunning(pid, file)) throw new DataFolderInUse(dataDir, pid);
        // Left by a process that is gone (a crash, kill -9).
        try {
          unlinkSync(file);
        } catch {}
      }
    }
  } finally {
    unlinkSync(mine);
  }
  throw new DataFolderInUse(dataDir, readPid(file) ?? 0);
}
