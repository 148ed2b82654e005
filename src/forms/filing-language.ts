import { useFormTranslate } from './translation';

/**
 * The uiSchema option that warns when a field's text seems not to be written in the language of the
 * documents it is copied into: `"ui:options": { "filingLanguageWarning": "fr" }`, in a wizard step
 * `{ "$param": "filingLanguage" }`. Read here without the guesser, which loads only where it is named.
 */
export const FILING_LANGUAGE_OPTION = 'filingLanguageWarning';

/** `ui:options.filingLanguageWarning` of a field's uiSchema, when it names a language. */
export function filingLanguageOf(uiSchema: unknown): string | undefined {
  if (typeof uiSchema !== 'object' || uiSchema === null) return undefined;
  const options = (uiSchema as Record<string, unknown>)['ui:options'];
  if (typeof options !== 'object' || options === null) return undefined;
  const language = (options as Record<string, unknown>)[FILING_LANGUAGE_OPTION];
  return typeof language === 'string' ? language : undefined;
}

/** The warning's words, in the interface's language, for a text in `language` where `filingLanguage` is due. */
export function useFilingLanguageMessage() {
  const translate = useFormTranslate();
  return (filingLanguage: string, language: string) =>
    translate(`forms:filingLanguage.warning.${filingLanguage}`, {
      language: translate(`forms:filingLanguage.names.${language}`),
    });
}
