import { Container, Stack, Text, Title } from '@mantine/core';
import { ActionButton } from '@/components/action';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function PageError() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>{t('routeError.title')}</Title>
        <Text c="dimmed" size="lg">
          {t('routeError.text')}
        </Text>
        <ActionButton onClick={() => window.location.reload()}>{t('routeError.reload')}</ActionButton>
      </Stack>
    </Container>
  );
}

/**
 * Keeps the layout when a page fails (e.g. its code chunk is gone after a deploy) and offers a
 * reload. `resetKey` (the path) clears the error when the user navigates elsewhere.
 */
export class PageErrorBoundary extends Component<
  { resetKey: string; children: ReactNode },
  { hasError: boolean; key: string }
> {
  override state = { hasError: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { hasError: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { key: string }) {
    return props.resetKey === state.key ? null : { hasError: false, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Page failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.hasError ? <PageError /> : this.props.children;
  }
}
