/*
 * Ridgeline Pay sandbox: the card payment provider's browser script (DESIGN.md section 3, card
 * payments' embedded default; decision 007). Served by the shop at
 * /payments-sandbox/v1/sandbox.js; a real provider's script takes its place by PAYMENT_SCRIPT_URL.
 *
 *   window.RidgelinePay.createToken({ number, exp_month, exp_year, cvc })
 *     -> Promise<{ id: 'tok_...', card: { brand, last4, expMonth, expYear } }
 *                | { error: { message, code } }>
 *
 * The card goes from the browser to the provider's tokens endpoint next to this script (on the
 * script's own origin), never to the shop API; the storefront sends only the token. Like the
 * providers' scripts it never rejects for a card problem: failures come back as `error`.
 */
(function () {
  'use strict';
  var current = document.currentScript;
  var base = current && current.src ? current.src : window.location.href;
  var tokensUrl = new URL('tokens', base).href;
  var UNREACHABLE = 'The payment service could not be reached. Please try again.';

  function failure(message, code) {
    return { error: { message: message, code: code || 'api_error' } };
  }

  function createToken(card) {
    if (!card || typeof card !== 'object') return Promise.resolve(failure('Card details are missing', 'invalid_request'));
    var body = JSON.stringify({
      number: String(card.number == null ? '' : card.number),
      month: String(card.exp_month == null ? '' : card.exp_month),
      year: String(card.exp_year == null ? '' : card.exp_year),
      cvc: String(card.cvc == null ? '' : card.cvc),
    });
    return window
      .fetch(tokensUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: body,
        credentials: 'omit',
        mode: 'cors',
      })
      .then(
        function (response) {
          return response.json().then(
            function (answer) {
              if (response.ok && answer && typeof answer.id === 'string') return { id: answer.id, card: answer.card };
              var message = (answer && (answer.message || answer.title)) || 'Your card could not be checked';
              return failure(message, answer && answer.code);
            },
            function () {
              return failure(UNREACHABLE);
            },
          );
        },
        function () {
          return failure(UNREACHABLE);
        },
      );
  }

  window.RidgelinePay = Object.freeze({ version: '1', sandbox: true, createToken: createToken });
})();
