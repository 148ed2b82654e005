/**
 * The local checkout page's one script, served by this server (the page's CSP allows `script-src 'self'`
 * and nothing inline): it groups the card number by four ("4242 4242 4242 4242") and writes the expiry
 * as MM/YY ("1230" → "12/30") while the buyer types, keeping the caret after the same digit, so that
 * typing in the middle, pasting and backspace behave. A phone's numeric keypad has no "/" key.
 * Without it the page still works: checkCard (card.ts) reads "1230", "12 / 30", "12/2030" and numbers
 * with spaces.
 */
export const CARD_FORMAT_SCRIPT_PATH = '/checkout/local/card-format.js';

export const CARD_FORMAT_SCRIPT = `(function () {
  'use strict';
  var rules = {
    cardNumber: {
      maxDigits: 19,
      format: function (digits) { return digits.replace(/(\\d{4})(?=\\d)/g, '$1 '); }
    },
    expiry: {
      maxDigits: 6,
      format: function (digits) { return digits.length > 2 ? digits.slice(0, 2) + '/' + digits.slice(2) : digits; }
    }
  };
  var onlyDigits = function (text) { return text.replace(/\\D/g, ''); };
  Object.keys(rules).forEach(function (id) {
    var rule = rules[id];
    var input = document.getElementById(id);
    if (!input) return;
    var previous = input.value;
    input.addEventListener('input', function (event) {
      var value = input.value;
      var caret = input.selectionStart === null ? value.length : input.selectionStart;
      var digits = onlyDigits(value);
      var digitsBefore = onlyDigits(value.slice(0, caret)).length;
      var kind = event.inputType || '';
      // Backspace or delete took away a separator only: take the digit beside it, as the buyer meant.
      var separatorOnly = value.length < previous.length && digits === onlyDigits(previous);
      if (separatorOnly && kind === 'deleteContentBackward' && caret < value.length && digitsBefore > 0) {
        digits = digits.slice(0, digitsBefore - 1) + digits.slice(digitsBefore);
        digitsBefore -= 1;
      } else if (separatorOnly && kind === 'deleteContentForward') {
        digits = digits.slice(0, digitsBefore) + digits.slice(digitsBefore + 1);
      }
      digits = digits.slice(0, rule.maxDigits);
      digitsBefore = Math.min(digitsBefore, digits.length);
      // "12/" just typed with a slash key stays; otherwise the digits decide the separators.
      var typedSlash = id === 'expiry' && kind.indexOf('insert') === 0 && /^\\d{2}\\s*\\/\\s*$/.test(value);
      var formatted = typedSlash ? digits + '/' : rule.format(digits);
      if (formatted !== value) {
        input.value = formatted;
        var position = 0;
        var seen = 0;
        while (position < formatted.length && seen < digitsBefore) {
          if (/\\d/.test(formatted.charAt(position))) seen += 1;
          position += 1;
        }
        if (document.activeElement === input) input.setSelectionRange(position, position);
      }
      previous = input.value;
    });
  });
})();
`;
