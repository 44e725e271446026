// Starts the Scores page (scores.html). A file of its own, not an inline script, so the
// page's Content-Security-Policy can refuse every inline script.
import init, { run_scores_app } from '/pkg/scores.js';

try {
  await init();
  run_scores_app();
} catch (e) {
  const app = document.getElementById('app');
  app.innerHTML = '<p class="callout bad" role="alert"></p>';
  app.firstChild.textContent = 'The scores page could not start in this browser: ' + e;
}
