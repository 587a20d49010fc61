import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { StartupError } from './app/StartupError';
import { initAuth } from './auth/userManager';
import { loadAppConfig } from './config/appConfig';
import { initMonitoring } from './monitoring/sentry';

const container = document.getElementById('root');
if (!container) throw new Error('#root fehlt in index.html');
const root = createRoot(container);

/** Seed §1: configuration first, then single sign-on; the router takes over from there. */
loadAppConfig()
  .then((config) => {
    initAuth(config);
    void initMonitoring(config);
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error('Konfiguration konnte nicht geladen werden', error);
    root.render(<StartupError detail={error instanceof Error ? error.message : String(error)} />);
  });
