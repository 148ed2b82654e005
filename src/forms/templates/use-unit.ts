import type { BaseInputTemplateProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { currencySign } from '../currency';

/** What shows after a number: `ui:options.currency`'s sign in the user's language, or `ui:options.unit`. */
export function useUnit(options: BaseInputTemplateProps['options']): string | undefined {
  const { i18n } = useTranslation();
  if (typeof options.currency === 'string') return currencySign(options.currency, i18n.language);
  return typeof options.unit === 'string' ? options.unit : undefined;
}
