import { describe, expect, it } from 'vitest';
import { snapshotRead, withReadSnapshot } from '../src/infra/read-snapshot.ts';

function countingRead(answer: () => string) {
  const calls = { count: 0 };
  const read = async () => {
    calls.count++;
    return answer();
  };
  return { calls, read };
}

describe('read snapshots (decision 054)', () => {
  it('reads every time outside a snapshot', async () => {
    const { calls, read } = countingRead(() => 'hours');
    await snapshotRead('country-parameter:serviceHours', read);
    await snapshotRead('country-parameter:serviceHours', read);
    expect(calls.count).toBe(2);
  });

  it('reads once per key inside a snapshot, across concurrent work', async () => {
    const hours = countingRead(() => 'hours');
    const vendor = countingRead(() => 'vendor');
    const answers = await withReadSnapshot(() =>
      Promise.all(
        Array.from({ length: 10 }, async (_, index) => {
          await new Promise((resolve) => setTimeout(resolve, index % 3));
          return [
            await snapshotRead('country-parameter:serviceHours', hours.read),
            await snapshotRead('vendor:pk-1', vendor.read),
          ];
        }),
      ),
    );
    expect(answers.every(([h, v]) => h === 'hours' && v === 'vendor')).toBe(true);
    expect(hours.calls.count).toBe(1);
    expect(vendor.calls.count).toBe(1);
  });

  it('shares a failed read’s failure, and gives each snapshot its own reads', async () => {
    let attempt = 0;
    const failing = async () => {
      attempt++;
      throw new Error(`refused ${attempt}`);
    };
    await withReadSnapshot(async () => {
      await expect(snapshotRead('vendor:gone', failing)).rejects.toThrow('refused 1');
      await expect(snapshotRead('vendor:gone', failing)).rejects.toThrow('refused 1');
    });
    await withReadSnapshot(async () => {
      await expect(snapshotRead('vendor:gone', failing)).rejects.toThrow('refused 2');
    });
  });
});
