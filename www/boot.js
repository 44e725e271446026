// Starts the verifier page (index.html). A file of its own, not an inline script, so the
// page's Content-Security-Policy can refuse every inline script.
import init, { run_app } from '/pkg/verify.js';

try {
  await init();
  run_app();
} catch (e) {
  const app = document.getElementById('app');
  app.innerHTML = '<p class="callout bad" role="alert"></p>';
  app.firstChild.textContent = 'The verifier could not start in this browser: ' + e;
}
