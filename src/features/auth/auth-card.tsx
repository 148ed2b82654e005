import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame every account page shares: a heading, a lead line, then the page's content. */
export function AuthCard({
  title,
  lead,
  wide = false,
  children,
}: {
  title: string;
  lead?: string;
  /** Room for two fields side by side (the sign-up form). */
  wide?: boolean;
  children?: ReactNode;
}) {
  return (
    <Paper w="100%" maw={wide ? 600 : 460} p={{ base: 'lg', sm: 'xl' }} radius="lg" withBorder shadow="sm">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} fz={28}>
            {title}
          </Title>
          {lead ? <Text c="dimmed">{lead}</Text> : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
