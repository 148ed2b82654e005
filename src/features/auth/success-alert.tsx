import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A submission that went through, announced politely to screen readers. */
export function SuccessAlert({ children }: { children: ReactNode }) {
  return (
    <Alert color="brand" variant="light" role="status" icon={<IconCircleCheck aria-hidden="true" />}>
      {children}
    </Alert>
  );
}
