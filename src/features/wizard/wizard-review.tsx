import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconCheck, IconPencil } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { StepDefinition } from '@/forms/form-definition';
import { personsOf } from '@/shared/company-persons';
import { SchemaSummary, type SummaryFormatter } from '@/forms/schema-summary';
import { useFormTranslate } from '@/forms/translation';
import type { FileData } from './draft-merge';
import { PersonsReview } from './persons-review';
import { FilingLanguageAlert } from './filing-language-alert';
import { SUBMIT_ERROR_KEYS, type SubmitError } from './submit-errors';

export interface WizardReviewProps {
  steps: readonly StepDefinition[];
  data: FileData;
  formatters: Record<string, SummaryFormatter>;
  onEdit: (stepIndex: number) => void;
  onBack: () => void;
  onSubmit: () => void;
  submitting: boolean;
  error: SubmitError | null;
}

/**
 * Complete's first stop: every step's answers for reading, built from the schemas (no layout per
 * field), each with a link back to its step; then the submission.
 */
export function WizardReview({
  steps,
  data,
  formatters,
  onEdit,
  onBack,
  onSubmit,
  submitting,
  error,
}: WizardReviewProps) {
  const { t } = useTranslation('wizard');
  const translate = useFormTranslate(['wizard']);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={2} size="h3" ref={heading} tabIndex={-1}>
          {t('review.title')}
        </Title>
        <Text c="dimmed">{t('review.lead')}</Text>
      </Stack>
      <PersonsReview data={data} />
      {personsOf(data).length > 1 ? (
        <Text size="sm">
          {t('review.team.lead')}{' '}
          <Anchor component={Link} to={paths.team}>
            {t('review.team.link')}
          </Anchor>
        </Text>
      ) : null}
      {steps.map((step, index) => {
        const title = translate(step.title);
        return (
          <SchemaSummary
            key={step.id}
            form={step.form}
            values={data}
            title={title}
            formatters={formatters}
            action={
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPencil size={14} aria-hidden="true" />}
                aria-label={t('review.editStep', { step: title })}
                onClick={() => onEdit(index)}
              >
                {t('review.edit')}
              </Button>
            }
          />
        );
      })}
      <FilingLanguageAlert steps={steps} data={data} onEdit={onEdit} />
      {error ? (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
          {t(SUBMIT_ERROR_KEYS[error])}
        </Alert>
      ) : null}
      <Group justify="space-between" gap="sm">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
          onClick={onBack}
          disabled={submitting}
        >
          {t('ui.back')}
        </Button>
        <Button
          onClick={onSubmit}
          loading={submitting}
          rightSection={<IconCheck size={16} aria-hidden="true" />}
        >
          {t('review.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
