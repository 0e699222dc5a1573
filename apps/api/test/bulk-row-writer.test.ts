import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.ts';
import { rowWriter } from '../src/modules/bulk/row-writer.ts';

/** A database whose one transaction records what it was asked, and whether it committed. */
function recordingDb() {
  const steps: string[] = [];
  const outcome: { committed: boolean | null } = { committed: null };
  const tx = {} as Db;
  const db = {
    async transaction<T>(fn: (handle: Db) => Promise<T>): Promise<T> {
      steps.push('begin');
      try {
        const answer = await fn(tx);
        outcome.committed = true;
        return answer;
      } catch (error) {
        outcome.committed = false;
        throw error;
      }
    },
  } as Db;
  return { db, steps, outcome };
}

const writerOf = (db: Db, steps: string[], isOverlapped: boolean) =>
  rowWriter<number>(
    db,
    {
      start: async () => {
        steps.push('job');
      },
      write: async (_tx, rows) => {
        steps.push(`rows ${rows.join(',')}`);
      },
    },
    isOverlapped,
  );

describe('the bulk row writer', () => {
  it('overlapped, writes each segment as it comes, then the status, in one transaction', async () => {
    const { db, steps, outcome } = recordingDb();
    const writer = writerOf(db, steps, true);
    writer.add([1, 2]);
    await new Promise((resolve) => setImmediate(resolve));
    // The first segment is already written while the next is being checked.
    expect(steps).toEqual(['begin', 'job', 'rows 1,2']);
    writer.add([3]);
    await writer.commit(async () => {
      steps.push('status');
    });
    expect(steps).toEqual(['begin', 'job', 'rows 1,2', 'rows 3', 'status']);
    expect(outcome.committed).toBe(true);
  });

  it('not overlapped, opens its transaction only at the commit', async () => {
    const { db, steps, outcome } = recordingDb();
    const writer = writerOf(db, steps, false);
    writer.add([1, 2]);
    writer.add([3]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(steps).toEqual([]);
    await writer.commit(async () => {
      steps.push('status');
    });
    expect(steps).toEqual(['begin', 'job', 'rows 1,2', 'rows 3', 'status']);
    expect(outcome.committed).toBe(true);
  });

  it('rolls back what it wrote when the checking fails, without throwing', async () => {
    const { db, steps, outcome } = recordingDb();
    const writer = writerOf(db, steps, true);
    writer.add([1, 2]);
    await new Promise((resolve) => setImmediate(resolve));
    await expect(writer.abort()).resolves.toBeUndefined();
    expect(steps).toEqual(['begin', 'job', 'rows 1,2']);
    expect(outcome.committed).toBe(false);
  });

  it('answers the commit with the database failure', async () => {
    const { db, steps } = recordingDb();
    const writer = rowWriter<number>(
      db,
      {
        start: async () => {},
        write: async () => {
          throw new Error('disk full');
        },
      },
      true,
    );
    writer.add([1]);
    await new Promise((resolve) => setImmediate(resolve));
    await expect(writer.commit(async () => {})).rejects.toThrow('disk full');
    expect(steps).toEqual(['begin']);
  });
});
