// Starts the Accounts page (accounts.html). A file of its own, not an inline script, so the
// page's Content-Security-Policy can refuse every inline script.
import init, { run_accounts_app } from '/pkg/accounts.js';

try {
  await init();
  run_accounts_app();
} catch (e) {
  const app = document.getElementById('app');
  app.innerHTML = '<p class="callout bad" role="alert"></p>';
  app.firstChild.textContent = 'The accounts page could not start in this browser: ' + e;
}
