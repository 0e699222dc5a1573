import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@fontsource/noto-naskh-arabic/arabic-400.css';
import '@fontsource/noto-naskh-arabic/arabic-700.css';
import './app/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startApp } from './app/app.tsx';
import { installClientErrorReporting } from './shared/monitoring/report-client-error.ts';

// spec §9: errors are reported from the first line on, the configuration's own failure included.
installClientErrorReporting();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

startApp().then((start) => {
  // The first render (providers, router, the page whose chunk is already here) is a transition: React renders
  // it in slices and keeps the main thread free for input meanwhile. It replaces index.html's loading
  // indicator when it commits.
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <App start={start} />
      </StrictMode>,
    ),
  );
});
