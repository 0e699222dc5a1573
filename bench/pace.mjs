// An evenly paced, open-loop load: `send` is called once every 1/rate s for the duration, whether or not the
// earlier calls have finished, and at most `maxInFlight` at once (a call due while that many still wait is not
// made, and counted). Plain JavaScript, so bench/paced-http.mjs runs it under node as it is; the benchmarks
// written in TypeScript import it too (pace.d.mts).
export async function pace({ rate, durationSeconds, maxInFlight, send }) {
  const latencies = [];
  const pending = new Set();
  let inFlight = 0;
  let skipped = 0;
  const interval = 1000 / rate;
  const end = performance.now() + durationSeconds * 1000;
  for (let next = performance.now(); next < end; next += interval) {
    const wait = next - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (inFlight >= maxInFlight) {
      skipped++;
      continue;
    }
    inFlight++;
    const at = performance.now();
    const done = send().then(() => {
      latencies.push(performance.now() - at);
      inFlight--;
      pending.delete(done);
    });
    pending.add(done);
  }
  await Promise.all(pending);
  return { latencies, skipped };
}
