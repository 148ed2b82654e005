import type { BaseInputTemplateProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { currencyUnit } from '../money';
import { useFormTranslate } from '../translation';

/** What shows after a number: `ui:options.currency`'s sign in the user's language ("€", "lei"), or `ui:options.unit`. */
export function useUnit(options: BaseInputTemplateProps['options']): string | undefined {
  const { i18n } = useTranslation();
  const translate = useFormTranslate();
  if (typeof options.currency === 'string') return currencyUnit(options.currency, i18n.language, translate);
  return typeof options.unit === 'string' ? options.unit : undefined;
}
