import { useEffect, useRef, useState, type RefObject } from 'react';
import type { SchemaFormHandle } from '@/forms/schema-form';
import type { FeedbackForm, FormFeedback } from '@/shared/form-feedback';

/**
 * An account form the browser posted itself (before the app ran, or without it) comes back from the
 * server with what it said of it (server/plugins/account-forms.ts): what was typed, passwords aside,
 * and what went wrong. The app starts the page from it (src/main.tsx), once.
 */
let pending: FormFeedback | null = null;

export function seedFormFeedback(feedback: FormFeedback | null): void {
  pending = feedback;
}

/**
 * The feedback the server sent for this form, if the page starts from it: read on the first render,
 * forgotten once the page is on screen (coming back to the page later starts it empty).
 */
export function useFormFeedback(form: FeedbackForm): FormFeedback | null {
  const [feedback] = useState(() => (pending?.form === form ? pending : null));
  useEffect(() => {
    if (feedback && pending === feedback) pending = null;
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
