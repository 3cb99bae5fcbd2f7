// The shared styles first, so each feature's own (imported by its views) come after them.
import './shared-ui/base.css';
import './shared-ui/layout.css';
import './shared-ui/controls.css';
import './shared-ui/status.css';
import './shared-ui/feedback.css';
import './shared-ui/table.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { openLinkFromAddress } from './navigation/open-link';
import { prepareFormatters } from './shared-ui/format';

openLinkFromAddress();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
requestIdleCallback(prepareFormatters);
