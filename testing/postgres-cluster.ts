// A PostgreSQL cluster of a test's or a benchmark's own, from the server binaries of the installed PostgreSQL:
// restarting the server every other suite shares would fail them.
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process.ts';

const PG_ROOT = '/usr/lib/postgresql';
const run = promisify(execFile);

/** The bin folder of the newest installed PostgreSQL with its server binaries, or null. */
export const pgBin: string | null = (() => {
  if (!existsSync(PG_ROOT)) return null;
  const version = readdirSync(PG_ROOT)
    .filter((name) => existsSync(path.join(PG_ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version ? path.join(PG_ROOT, version, 'bin') : null;
})();

/** PostgreSQL refuses to run as root: as root, its commands run as the postgres user. */
async function asPostgres(command: string, args: string[]): Promise<void> {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  // Asynchronous: requests go on being sent while the database restarts.
  await run(file, argv, { encoding: 'utf8' });
}

export class Cluster {
  private constructor(
    private readonly bin: string,
    readonly dataDir: string,
    readonly port: number,
  ) {}

  static async create(bin: string): Promise<Cluster> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-pg-cluster-'));
    if (process.getuid?.() === 0) {
      const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(dataDir, id('-u'), id('-g'));
    }
    await asPostgres(path.join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    const cluster = new Cluster(bin, dataDir, await freePort());
    await cluster.ctl('start');
    return cluster;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** pg_ctl, waiting until the server accepts connections (start) or is gone (stop). */
  ctl(action: 'start' | 'stop', mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    const options = `-p ${this.port} -k ${this.dataDir} -c listen_addresses=127.0.0.1`;
    const args = ['-D', this.dataDir, '-w', '-t', '60', '-l', path.join(this.dataDir, 'server.log')];
    return asPostgres(
      path.join(this.bin, 'pg_ctl'),
      action === 'start' ? [...args, '-o', options, 'start'] : [...args, '-m', mode, 'stop'],
    );
  }

  async remove(): Promise<void> {
    try {
      await this.ctl('stop', 'immediate');
    } catch {
      // Already stopped.
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
