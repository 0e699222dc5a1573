import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import path from 'node:path';

/**
 * Operator commands sent to the server that holds an embedded data folder (decision 126): a Unix socket in a
 * folder only the data folder's owner may enter, one JSON line each way.
 */
export const SOCKET_DIR = 'ops';
export const SOCKET_FILE = 'command.sock';

export type CommandAnswer = { ok: true; output: string } | { ok: false; isUsage: boolean; message: string };

/** What a command line longer than this holds is no operator's command. */
const MAX_REQUEST_BYTES = 64 * 1024;

export function commandSocketPath(dataDir: string): string {
  return path.join(dataDir, SOCKET_DIR, SOCKET_FILE);
}

/** Serves the operator commands of the folder's owner; `run` answers each. */
export async function serveOperatorCommands(
  dataDir: string,
  run: (argv: string[]) => Promise<CommandAnswer>,
): Promise<{ close(): Promise<void> }> {
  const dir = path.join(dataDir, SOCKET_DIR);
  // The folder's mode, not the socket's, is what other users meet first: 0700 keeps them out of it.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const file = commandSocketPath(dataDir);
  // A socket left by a process that is gone; the data folder lock says no other one is running.
  rmSync(file, { force: true });
  const server: Server = createServer((socket) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (received.length > MAX_REQUEST_BYTES) {
        socket.destroy();
        return;
      }
      const end = received.indexOf('\n');
      if (end < 0) return;
      socket.pause();
      void answer(received.slice(0, end)).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
  });
  async function answer(line: string): Promise<CommandAnswer> {
    let argv: unknown;
    try {
      argv = (JSON.parse(line) as { argv?: unknown }).argv;
    } catch {
      argv = null;
    }
    if (!Array.isArray(argv) || !argv.every((arg) => typeof arg === 'string')) {
      return { ok: false, isUsage: true, message: 'the command line was not understood' };
    }
    try {
      return await run(argv);
    } catch (error) {
      return { ok: false, isUsage: false, message: error instanceof Error ? error.message : String(error) };
    }
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(file, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(file, { force: true });
      }),
  };
}

/** Sends a command line to the server holding the folder; null when no server answers on its socket. */
export function sendOperatorCommand(dataDir: string, argv: readonly string[]): Promise<CommandAnswer | null> {
  return new Promise((resolve) => {
    const socket = createConnection(commandSocketPath(dataDir));
    let received = '';
    let isConnected = false;
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      isConnected = true;
      socket.write(`${JSON.stringify({ argv })}\n`);
    });
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', (error) => {
      if (!isConnected) resolve(null);
      else resolve({ ok: false, isUsage: false, message: `the server closed the connection (${error.message})` });
    });
    socket.on('end', () => {
      try {
        resolve(JSON.parse(received) as CommandAnswer);
      } catch {
        resolve({ ok: false, isUsage: false, message: 'the server gave no answer; see its log' });
      }
    });
  });
}
