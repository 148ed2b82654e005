import { Input } from '@mantine/core';
import { errorId, type FieldErrorProps } from '@rjsf/utils';
import { useFormTranslate, translateMessage } from '../translation';

/** A field's errors under it, translated as they render (the id is the one the control's aria-describedby names). */
export function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  const translate = useFormTranslate();
  if (!errors?.length) return null;
  return (
    <Input.Error component="div" id={errorId(fieldPathId)}>
      {errors.map((error, index) => (
        <div key={index}>{typeof error === 'string' ? translateMessage(error, translate) : error}</div>
      ))}
    </Input.Error>
  );
}
