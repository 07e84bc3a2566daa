import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

const container = document.getElementById('root');
if (!container) {
  // Specification §8: a failure at application start is written to the console.
  console.error("Démarrage impossible : l'élément #root est absent de la page.");
} else {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
