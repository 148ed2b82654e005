/** The local checkout page's script: the card number grouped by four and the expiry as MM/YY while typing. */
import { beforeEach, describe, expect, it } from 'vitest';
import { CARD_FORMAT_SCRIPT } from '../../server/services/payments/card-format-script';

let cardNumber: HTMLInputElement;
let expiry: HTMLInputElement;

beforeEach(() => {
  document.body.innerHTML = '<input id="cardNumber" maxlength="23"><input id="expiry" maxlength="7">';
  cardNumber = document.getElementById('cardNumber') as HTMLInputElement;
  expiry = document.getElementById('expiry') as HTMLInputElement;
  // The page loads it as a file (script-src 'self'); here its text runs on the same fields.
  new Function(CARD_FORMAT_SCRIPT)();
});

/** What the browser does for one key: the new value and caret, then the input event. */
function edit(input: HTMLInputElement, value: string, caret: number, inputType: string) {
  input.focus();
  input.value = value;
  input.setSelectionRange(caret, caret);
  input.dispatchEvent(new InputEvent('input', { inputType, bubbles: true }));
}

/** Types each character at the caret, as a keypad does. */
function type(input: HTMLInputElement, text: string) {
  for (const character of text) {
    const caret = input.selectionStart ?? input.value.length;
    edit(input, input.value.slice(0, caret) + character + input.value.slice(caret), caret + 1, 'insertText');
  }
}

function backspace(input: HTMLInputElement) {
  const caret = input.selectionStart ?? input.value.length;
  edit(input, input.value.slice(0, caret - 1) + input.value.slice(caret), caret - 1, 'deleteContentBackward');
}

describe('the card number', () => {
  it('is grouped by four while typing', () => {
    type(cardNumber, '4242424242424242');
    expect(cardNumber.value).toBe('4242 4242 4242 4242');
    expect(cardNumber.selectionStart).toBe(19);
  });

  it('keeps the caret after the digit typed in the middle', () => {
    type(cardNumber, '424242424242424');
    cardNumber.setSelectionRange(2, 2);
    type(cardNumber, '9');
    expect(cardNumber.value).toBe('4294 2424 2424 2424');
    expect(cardNumber.selectionStart).toBe(3);
  });

  it('backspace after a space removes the digit before it', () => {
    type(cardNumber, '42424242');
    cardNumber.setSelectionRange(5, 5);
    backspace(cardNumber);
    expect(cardNumber.value).toBe('4244 242');
    expect(cardNumber.selectionStart).toBe(3);
  });

  it('backspace at the end removes the last digit and its space', () => {
    type(cardNumber, '42424');
    backspace(cardNumber);
    expect(cardNumber.value).toBe('4242');
  });

  it('formats a pasted number and drops what is not a digit', () => {
    edit(cardNumber, '4242-4242-4242-4242', 19, 'insertFromPaste');
    expect(cardNumber.value).toBe('4242 4242 4242 4242');
  });
});

describe('the expiry', () => {
  it('writes "1230" as 12/30', () => {
    type(expiry, '1230');
    expect(expiry.value).toBe('12/30');
    expect(expiry.selectionStart).toBe(5);
  });

  it('takes a typed slash and a four-digit year', () => {
    type(expiry, '12/2030');
    expect(expiry.value).toBe('12/2030');
  });

  it('backspace goes back digit by digit', () => {
    type(expiry, '123');
    backspace(expiry);
    expect(expiry.value).toBe('12');
    backspace(expiry);
    expect(expiry.value).toBe('1');
  });
});
