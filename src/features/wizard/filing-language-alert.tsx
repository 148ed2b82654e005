import { Alert, Anchor, List } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { filingLanguageOf } from '@/forms/filing-language';
import type { StepDefinition } from '@/forms/form-definition';
import { useFormTranslate } from '@/forms/translation';
import { checkFilingLanguage } from '@/shared/text-language';
import type { FileData } from './draft-merge';

interface Flagged {
  stepIndex: number;
  name: string;
  /** Translation keys of the field's and the step's titles. */
  title: string;
  step: string;
}

/** The fields of the steps (not a list's elements) whose text seems not to be in the documents' language. */
function flaggedFields(steps: readonly StepDefinition[], data: FileData): Flagged[] {
  return steps.flatMap((step, stepIndex) =>
    Object.entries(step.form.uiSchema).flatMap(([name, ui]) => {
      const language = name.startsWith('ui:') ? undefined : filingLanguageOf(ui);
      if (!language || checkFilingLanguage(data[name], language).verdict !== 'other') return [];
      const title = (ui as Record<string, unknown>)['ui:title'];
      return [{ stepIndex, name, title: typeof title === 'string' ? title : name, step: step.title }];
    }),
  );
}

/**
 * Before the submit button of the review: the answers that go as typed into the filed documents and
 * seem written in another language (each is also flagged where the review shows it), with a link to
 * its step. Nothing when there are none; never a reason to refuse the submission.
 */
export function FilingLanguageAlert({
  steps,
  data,
  onEdit,
}: {
  steps: readonly StepDefinition[];
  data: FileData;
  onEdit: (stepIndex: number) => void;
}) {
  const { t } = useTranslation('forms');
  // Titles are keys of the step files, in the wizard's namespace.
  const translate = useFormTranslate(['wizard', 'forms']);
  const flagged = flaggedFields(steps, data);
  if (flagged.length === 0) return null;
  return (
    <Alert color="yellow" icon={<IconLanguage aria-hidden="true" />} title={t('filingLanguage.reviewTitle')}>
      <List size="sm">
        {flagged.map((field) => (
          <List.Item key={field.name}>
            <Anchor component="button" type="button" size="sm" onClick={() => onEdit(field.stepIndex)}>
              {t('filingLanguage.reviewField', {
                field: translate(field.title),
                step: translate(field.step),
              })}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
