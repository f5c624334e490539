/*
 * Ridgeline Pay sandbox: the card payment provider's browser script (DESIGN.md section 3, card
 * payments' embedded default; decisions 007 and 012). Served by the shop at
 * /payments-sandbox/v1/sandbox.js. It implements Authorize.net Accept.js's browser interface, so
 * PAYMENT_SCRIPT_URL may name Authorize.net's own Accept.js (sandbox or production) instead:
 *
 *   window.Accept.dispatchData(
 *     { authData: { clientKey, apiLoginID }, cardData: { cardNumber, month, year, cardCode } },
 *     responseHandler)
 *   responseHandler({ opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue },
 *                     messages: { resultCode: 'Ok', message: [{ code: 'I_WC_01', text }] } })
 *   responseHandler({ messages: { resultCode: 'Error', message: [{ code: 'E_WC_05', text }] } })
 *
 * The card goes from the browser to the sandbox tokens endpoint next to this script (on the
 * script's own origin), never to the shop API; the storefront sends only `dataValue`. Like
 * Accept.js it calls the handler exactly once, asynchronously, and reports card problems
 * through `messages` (Accept.js's E_WC_* codes; the text is the sandbox's shopper message).
 * Test cards: 4242 4242 4242 4242 approved, 4000 0000 0000 0002 declined,
 * 4000 0000 0000 0119 processing error (both at the charge, not here).
 */
(function () {
  'use strict';
  var current = document.currentScript;
  var base = current && current.src ? current.src : window.location.href;
  var tokensUrl = new URL('tokens', base).href;
  var DESCRIPTOR = 'COMMON.ACCEPT.INAPP.PAYMENT';
  var UNREACHABLE = 'The payment service could not be reached. Please try again.';
  // The sandbox endpoint's problem codes as Accept.js's error codes.
  var CODES = {
    invalid_number: 'E_WC_05',
    invalid_expiry: 'E_WC_06',
    expired_card: 'E_WC_08',
    invalid_cvc: 'E_WC_15',
  };

  function failure(code, text) {
    return { messages: { resultCode: 'Error', message: [{ code: code, text: text }] } };
  }

  function text(value) {
    return value == null ? '' : String(value);
  }

  function tokenize(secureData) {
    var authData = secureData && secureData.authData;
    var cardData = secureData && secureData.cardData;
    if (!authData || !text(authData.clientKey)) return Promise.resolve(failure('E_WC_18', 'Client Key is required.'));
    if (!text(authData.apiLoginID)) return Promise.resolve(failure('E_WC_10', 'Please provide valid apiloginid.'));
    if (!cardData) return Promise.resolve(failure('E_WC_04', 'Please provide mandatory field to library.'));
    var body = JSON.stringify({
      number: text(cardData.cardNumber),
      month: text(cardData.month),
      year: text(cardData.year),
      cvc: text(cardData.cardCode),
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
              if (response.ok && answer && typeof answer.id === 'string') {
                return {
                  opaqueData: { dataDescriptor: DESCRIPTOR, dataValue: answer.id },
                  messages: { resultCode: 'Ok', message: [{ code: 'I_WC_01', text: 'Successful.' }] },
                };
              }
              var message = (answer && (answer.message || answer.title)) || 'Your card could not be checked';
              return failure((answer && CODES[answer.code]) || 'E_WC_19', message);
            },
            function () {
              return failure('E_WC_19', UNREACHABLE);
            },
          );
        },
        function () {
          return failure('E_WC_19', UNREACHABLE);
        },
      );
  }

  function dispatchData(secureData, responseHandler) {
    var handler = typeof responseHandler === 'function' ? responseHandler : window[responseHandler];
    if (typeof handler !== 'function') throw new TypeError('Accept.dispatchData needs a response handler');
    tokenize(secureData).then(
      function (response) {
        handler(response);
      },
      function () {
        handler(failure('E_WC_19', UNREACHABLE));
      },
    );
  }

  window.Accept = Object.freeze({ sandbox: true, dispatchData: dispatchData });
})();
