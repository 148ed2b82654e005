import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/page-loader';

/** The wizard's heading and lead, above every step. */
export function WizardIntro() {
  const { t } = useTranslation('wizard');
  return (
    <Stack gap={4}>
      <Title order={1} size="h2">
        {t('page.title')}
      </Title>
      <Text c="dimmed">{t('page.lead')}</Text>
    </Stack>
  );
}

/** The wizard's frame before its draft is there: the heading, then `children` (a loader by default). */
export function WizardLoading({ children = <PageLoader /> }: { children?: ReactNode }) {
  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <WizardIntro />
        {children}
      </Stack>
    </Container>
  );
}
