import { fakeCybersource } from './fake-cybersource.ts';

// The fake CyberSource as a process of its own, for end-to-end journeys (e2e/playwright.config.ts).
const port = Number(process.env.FAKE_CYBERSOURCE_PORT ?? 8184);
const fake = await fakeCybersource({ port });
process.stdout.write(`fake CyberSource on ${fake.url}\n`);
const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
