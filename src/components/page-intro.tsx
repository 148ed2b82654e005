import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's heading and lead paragraph, the same on every content page. */
export function PageIntro({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <Container size="lg" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        {lead ? (
          <Text size="lg" c="dimmed" maw={720}>
            {lead}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Container>
  );
}
