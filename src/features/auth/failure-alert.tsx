import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A failed submission, told inside the page (never a browser alert) and announced to screen readers. */
export function FailureAlert({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={title}
      icon={<IconAlertTriangle aria-hidden="true" />}
    >
      {children}
    </Alert>
  );
}
