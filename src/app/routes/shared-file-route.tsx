import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { StepDefinition } from '@/forms/form-definition';
import { SchemaSummary } from '@/forms/schema-summary';
import { useFormTranslate } from '@/forms/translation';
import { SharedFilePage, type FileSummaryRenderer } from '@/features/team/shared-file-page';
import { PersonsReview } from '@/features/wizard/persons-review';
import { wizardFormatters } from '@/features/wizard/wizard-widgets';

/** The file's answers as the wizard's review shows them: the persons and their roles, then each step. */
function FileSummary({ data, steps }: { data: Record<string, unknown>; steps: readonly StepDefinition[] }) {
  const { t } = useTranslation('jurisdictions');
  const translate = useFormTranslate(['wizard']);
  const formatters = useMemo(() => wizardFormatters(t, data), [t, data]);
  return (
    <Stack gap="lg">
      <PersonsReview data={data} />
      {steps.map((step) => (
        <SchemaSummary
          key={step.id}
          form={step.form}
          values={data}
          title={translate(step.title)}
          formatters={formatters}
        />
      ))}
    </Stack>
  );
}

const renderSummary: FileSummaryRenderer = (props) => <FileSummary {...props} />;

/** /shared/:fileId: the shared file with the wizard's read-only summary, composed here (features never import each other). */
export function SharedFileRoute() {
  return <SharedFilePage renderSummary={renderSummary} />;
}
