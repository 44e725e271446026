// Starts the reader experiment's page (experiment.html). A file of its own, not an inline
// script, so the page's Content-Security-Policy can refuse every inline script.
import init, { run_experiment_app } from '/pkg/experiment.js';

try {
  await init();
  run_experiment_app();
} catch (e) {
  const app = document.getElementById('app');
  app.innerHTML = '<p class="callout bad" role="alert"></p>';
  app.firstChild.textContent = 'The forecast page could not start in this browser: ' + e;
}
