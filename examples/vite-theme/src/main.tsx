import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@pkg/react-ui/styles.css';
import './shop.css';
import { App } from './App';

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
