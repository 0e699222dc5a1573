import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { periodicTask } from '../src/infra/periodic-task.ts';

function recordingLog() {
  const errors: string[] = [];
  const log = { error: (_context: unknown, message: string) => errors.push(message) } as unknown as FastifyBaseLogger;
  return { log, errors };
}

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('periodicTask', () => {
  it('skips a run while the previous one is still going', async () => {
    const { log } = recordingLog();
    const slow = gate();
    let runs = 0;
    const task = periodicTask({
      name: 'test',
      intervalMs: 60_000,
      log,
      run: async () => {
        runs++;
        await slow.opened;
      },
    });
    const first = task.runOnce();
    await task.runOnce();
    slow.open();
    await first;
    await task.runOnce();
    expect(runs).toBe(2);
  });

  it('stands by while another instance leads', async () => {
    const { log } = recordingLog();
    let runs = 0;
    let standBys = 0;
    let isLeading = false;
    const task = periodicTask({
      name: 'test',
      intervalMs: 60_000,
      log,
      isLeader: async () => isLeading,
      run: async () => {
        runs++;
      },
      onNotLeader: () => {
        standBys++;
      },
    });
    await task.runOnce();
    isLeading = true;
    await task.runOnce();
    expect({ runs, standBys }).toEqual({ runs: 1, standBys: 1 });
  });

  it('logs a failed run under its name and runs again next time', async () => {
    const { log, errors } = recordingLog();
    let runs = 0;
    const task = periodicTask({
      name: 'dispatcher',
      intervalMs: 60_000,
      log,
      run: async () => {
        runs++;
        if (runs === 1) throw new Error('database away');
      },
    });
    await task.runOnce();
    await task.runOnce();
    expect({ runs, errors }).toEqual({ runs: 2, errors: ['dispatcher tick failed'] });
  });

  it('stop waits for the run under way', async () => {
    const { log } = recordingLog();
    const slow = gate();
    let isFinished = false;
    const task = periodicTask({
      name: 'test',
      intervalMs: 60_000,
      log,
      run: async () => {
        await slow.opened;
        isFinished = true;
      },
    });
    task.start();
    const running = task.runOnce();
    const stopped = task.stop();
    slow.open();
    await stopped;
    expect(isFinished).toBe(true);
    await running;
  });
});
