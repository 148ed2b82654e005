import { Container, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import './chooser-namespace';

// The chooser (its questions, table and the offers' data) is a chunk of its own, which the wizard's
// "Help me choose" shares: the route table's entry for this page stays small, as every page's start-up
// code carries it.
const FormChooser = lazy(() => import('./form-chooser').then((module) => ({ default: module.FormChooser })));

/** /choose-your-legal-form: the chooser on a page of its own, linked from /services. */
export function FormChooserPage() {
  const { t } = useTranslation('chooser');
  return (
    <Container size="lg" py={48}>
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>{t('ui.title')}</Title>
          <Text size="lg">{t('ui.lead')}</Text>
        </Stack>
        <Suspense fallback={<Loader size="sm" />}>
          <FormChooser headingOrder={2} />
        </Suspense>
      </Stack>
    </Container>
  );
}
