/**
 * The page Paddle's default payment link points to (set it to `${BASE_URL}/billing/checkout` in
 * Paddle). Paddle appends `?_ptxn=<transaction id>`; Paddle.js, initialised with the client-side
 * token, reads it (in /billing/checkout.js) and opens the checkout for the transaction create-checkout prepared. Paddle only.
 */
import { PRODUCT_NAME } from '@plainspoken/shared';
import type { Env } from '../../env';
import { html, scriptJson } from '../../lib/html';

const PADDLE_JS = 'https://cdn.paddle.com/paddle/v2/paddle.js';

export const incompleteCheckoutPage = () =>
  html`<!doctype html>
    <p>This checkout link is incomplete. <a href="/pricing">Back to pricing</a></p>`;

/**
 * The page's script, served as a file (GET /billing/checkout.js) so the Content-Security-Policy needs no
 * inline script; it reads its settings from the JSON data block on the page.
 */
export const CHECKOUT_SCRIPT = `(function () {
  var cfg = JSON.parse(document.getElementById('checkout-config').textContent);
  var done = false;
  if (!window.Paddle) { document.getElementById('status').textContent = 'The checkout could not be loaded. Please try again.'; return; }
  if (cfg.sandbox) window.Paddle.Environment.set('sandbox');
  window.Paddle.Initialize({
    token: cfg.token,
    checkout: { settings: { displayMode: 'overlay', successUrl: cfg.successUrl } },
    eventCallback: function (e) {
      if (e && e.name === 'checkout.completed') done = true;
      if (e && e.name === 'checkout.closed' && !done) window.location.href = cfg.cancelUrl;
    }
  });
})();
`;

export function paddleCheckoutPage(env: Env) {
  const config = {
    sandbox: env.PADDLE_ENVIRONMENT === 'sandbox',
    token: env.PADDLE_CLIENT_TOKEN,
    successUrl: `${env.BASE_URL}/profile?checkout=success`,
    cancelUrl: `${env.BASE_URL}/pricing`,
  };
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>Checkout · ${PRODUCT_NAME}</title>
        <style>
          body {
            font-family: system-ui, sans-serif;
            background: #f8fafc;
            color: #0f172a;
            display: grid;
            place-items: center;
            min-height: 100vh;
            margin: 0;
          }
          p {
            color: #475569;
          }
          a {
            color: #4f46e5;
          }
        </style>
        <script src="${PADDLE_JS}"></script>
      </head>
      <body>
        <main>
          <p id="status">Opening the secure checkout…</p>
          <p><a href="/pricing">Back to pricing</a></p>
        </main>
        <script type="application/json" id="checkout-config">
          ${scriptJson(config)}
        </script>
        <script src="/billing/checkout.js"></script>
      </body>
    </html>`;
}
