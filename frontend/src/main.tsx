import '@blueprintjs/core/lib/css/blueprint.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installIconLoader } from './lib/icons';
import { applyTheme } from './lib/theme';

installIconLoader();
applyTheme();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
