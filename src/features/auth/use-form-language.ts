import { useTranslation } from 'react-i18next';
import type { FormValues } from '@/forms/form-definition';
import { isLanguage, type Language } from '@/lib/i18n/languages';

/**
 * The language field of the account forms is the interface language: choosing one switches the page at
 * once (the form re-renders in place, keeping what was typed), and the field always shows the current one.
 */
export function useFormLanguage() {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'fr';
  const followLanguageField = (values: FormValues) => {
    if (isLanguage(values.language) && values.language !== i18n.language)
      void i18n.changeLanguage(values.language);
  };
  return { language, followLanguageField };
}
