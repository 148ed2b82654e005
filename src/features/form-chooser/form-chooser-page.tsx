import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './chooser-namespace';
import { FormChooser } from './form-chooser';

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
        <FormChooser headingOrder={2} />
      </Stack>
    </Container>
  );
}
