import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@fontsource/noto-naskh-arabic/arabic-400.css';
import '@fontsource/noto-naskh-arabic/arabic-700.css';
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp, startConsole } from './app/console/console-app.tsx';

// The operator console's page (decision 171): a build of its own, so none of it reaches the merchants' pages.
const container = document.getElementById('root');
if (!container) throw new Error('the console page has no #root element');

startConsole().then((start) =>
  createRoot(container).render(
    <StrictMode>
      <ConsoleApp start={start} />
    </StrictMode>,
  ),
);
