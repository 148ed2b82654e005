import { useEffect, useRef, useState, type RefObject } from 'react';
import type { SchemaFormHandle } from '@/forms/schema-form';
import {
  FORM_FEEDBACK_ELEMENT_ID,
  parseFormFeedback,
  type FeedbackForm,
  type FormFeedback,
} from '@/shared/form-feedback';

/**
 * An account form the browser posted itself (before the app ran, or without it) comes back from the
 * server with what it said of it (server/plugins/account-forms.ts), as JSON beside the page: what was
 * typed, passwords aside, and what went wrong. The page starts from it, once: the JSON leaves the
 * document as the page shows, so that coming back to the page later starts it empty.
 */
export function useFormFeedback(form: FeedbackForm): FormFeedback | null {
  const [feedback] = useState(() => {
    if (typeof document === 'undefined') return null;
    const sent = parseFormFeedback(document.getElementById(FORM_FEEDBACK_ELEMENT_ID)?.textContent);
    return sent?.form === form ? sent : null;
  });
  useEffect(() => {
    if (feedback) document.getElementById(FORM_FEEDBACK_ELEMENT_ID)?.remove();
  }, [feedback]);
  return feedback;
}

/**
 * A handle on the page's form that shows, once it is on screen, the field errors the server found:
 * the form checks itself with the same rules, says each problem under its field and goes to the first.
 */
export function useFieldErrorsShown(feedback: FormFeedback | null): RefObject<SchemaFormHandle> {
  const form = useRef<SchemaFormHandle>(null);
  const shouldShow = feedback?.fieldErrors === true;
  useEffect(() => {
    if (shouldShow) form.current?.validate();
  }, [shouldShow]);
  return form;
}
