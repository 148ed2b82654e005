import { PasswordInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { controlProps, emptyToUndefined } from './control-props';

/** A password with a show/hide toggle; unlike Mantine's default, the toggle is a labelled, focusable button. */
export function PasswordWidget(props: WidgetProps) {
  const { t } = useTranslation('forms');
  const { id, value, placeholder, options, onChange, onBlur, onFocus } = props;
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      {...controlProps(props)}
      value={typeof value === 'string' ? value : ''}
      placeholder={placeholder}
      autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : 'current-password'}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{
        tabIndex: 0,
        'aria-label': visible ? t('password.hide') : t('password.show'),
        'aria-pressed': visible,
        'aria-controls': id,
      }}
      onChange={(event) => onChange(emptyToUndefined(event.currentTarget.value))}
      onBlur={(event) => onBlur(id, event.currentTarget.value)}
      onFocus={(event) => onFocus(id, event.currentTarget.value)}
    />
  );
}
