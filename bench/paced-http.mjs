// An open-loop HTTP load at an even pace, run as its own process by `pacedHttp` (child-process.ts): one request
// every 1/rate s for the duration, at most `maxInFlight` at once (a request due while that many wait is not
// sent, and counted), over keep-alive connections. A GET by default; a POST sends `body` with every request,
// and with `idempotencyKeys` each request carries an Idempotency-Key of its own; with `uniqueToken`, every
// occurrence of that string in the body is replaced by a UUID of the request's own (an idempotency key carried
// in the body). It prints the latencies it measured as JSON.
//
// With `warmupSeconds`, the same load runs first for that long over the same connections, and only its answers
// are counted (under `warmup`). A load started in a fresh process opens its connections as it goes: when the
// server answers slower than 1/rate, every request due meanwhile opens one more, up to `maxInFlight`, and a
// server near its capacity then takes seconds to work off that start. Warming up in the same process leaves
// the measured window with the connections and the compiled code of a load already running.
//
// autocannon's `overallRate` sends each connection's share of a second back to back at the start of every
// second, so the server sees bursts of the whole second's requests; the bare query's anchor is paced evenly.
// This load paces the API the same way as the anchor.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { pace } from './pace.mjs';

const {
  url,
  headers,
  rate,
  durationSeconds,
  maxInFlight,
  method = 'GET',
  body,
  idempotencyKeys = false,
  uniqueToken,
  warmupSeconds = 0,
} = JSON.parse(process.env.PACED_HTTP ?? '{}');
const agent = new http.Agent({ keepAlive: true, maxSockets: maxInFlight });
const fixed = body === undefined ? undefined : Buffer.from(body);
/** Where the answers of the requests sent now are counted: the warm-up's, then the measured window's. */
let counts = { statuses: {}, errors: 0 };

const send = () =>
  new Promise((resolve) => {
    const counted = counts;
    const requestHeaders = { ...headers };
    const payload = uniqueToken && body !== undefined ? Buffer.from(body.replaceAll(uniqueToken, randomUUID())) : fixed;
    if (payload) {
      requestHeaders['content-type'] ??= 'application/json';
      requestHeaders['content-length'] = payload.length;
    }
    if (idempotencyKeys) requestHeaders['idempotency-key'] = randomUUID();
    const request = http.request(url, { agent, method, headers: requestHeaders }, (response) => {
      response.on('data', () => {});
      response.on('end', () => {
        counted.statuses[response.statusCode] = (counted.statuses[response.statusCode] ?? 0) + 1;
        resolve();
      });
    });
    request.on('error', () => {
      counted.errors++;
      resolve();
    });
    request.end(payload);
  });

let warmup = null;
if (warmupSeconds > 0) {
  const { skipped } = await pace({ rate, durationSeconds: warmupSeconds, maxInFlight, send });
  warmup = { ...counts, skipped };
  counts = { statuses: {}, errors: 0 };
}
const { latencies, skipped } = await pace({ rate, durationSeconds, maxInFlight, send });
agent.destroy();
process.stdout.write(
  JSON.stringify({
    latencies,
    statuses: counts.statuses,
    skipped,
    errors: counts.errors,
    seconds: durationSeconds,
    warmup,
  }),
);
