import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** /cancel: the payment was abandoned; nothing was charged. */
export function PaymentCancelPage() {
  const { t } = useTranslation('checkout');
  return (
    <Container size="sm" py={64}>
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color="gray">
            <IconCircleX size={40} aria-hidden="true" />
          </ThemeIcon>
          <Title order={1}>{t('cancel.title')}</Title>
          <Text size="lg">{t('cancel.message')}</Text>
          <Button component={Link} to={paths.plans} size="md">
            {t('cancel.backToPlans')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
