import { PasswordInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emptyToUndefined, useControlProps } from './control-props';

/** A password with a show/hide toggle; unlike Mantine's default, the toggle is a labelled, focusable button. */
export function PasswordWidget(props: WidgetProps) {
  const { t } = useTranslation('forms');
  const { id, value, placeholder, options, onChange, onBlur, onFocus } = props;
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      {...useControlProps(props)}
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
        // Mantine toggles on mouse down and Space only; a button answers Enter too.
        onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            setVisible((shown) => !shown);
          }
        },
      }}
      onChange={(event) => onChange(emptyToUndefined(event.currentTarget.value))}
      onBlur={(event) => onBlur(id, event.currentTarget.value)}
      onFocus={(event) => onFocus(id, event.currentTarget.value)}
    />
  );
}
