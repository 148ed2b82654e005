import { Container, Stack, Text, Title } from '@mantine/core';
import { ActionLink } from '@/components/action';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';

/** Any address the product has no page for, including the footer links to pages not written yet. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={72} fw={900} c="gray.6" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed" size="lg">
          {t('notFound.text')}
        </Text>
        <ActionLink to={paths.landing}>{t('notFound.backHome')}</ActionLink>
      </Stack>
    </Container>
  );
}
