/** What a failed submission says, by cause (keys of locales/<lang>/wizard.json). */
export const SUBMIT_ERROR_KEYS = {
  network: 'ui.submit.failed',
  invalid: 'ui.submit.invalid',
  version: 'ui.submit.version',
  conflict: 'ui.submit.conflict',
} as const;

export type SubmitError = keyof typeof SUBMIT_ERROR_KEYS;
