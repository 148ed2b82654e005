/** The AJV options of every form validator: the build's precompiled ones, the content check's and the staff preview's. */
export const FORM_AJV_OPTIONS = {
  // `$data` lets a schema compare two fields (confirmPassword equals password) without page code.
  $data: true,
} as const;

/** Keywords with a default message in locales/<lang>/forms.json (`errors.<keyword>`). */
export const DEFAULT_ERROR_KEYWORDS: ReadonlySet<string> = new Set([
  'required',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'const',
  'enum',
  'type',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
]);
