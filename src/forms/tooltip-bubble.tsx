import { Tooltip } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';

/**
 * The bubble of a field's help button (field-tooltip.tsx), placed against the button: its code (the
 * floating-layout library) loads apart, when a form first shows a help button.
 */
export default function TooltipBubble({
  target,
  label,
  opened,
}: {
  target: RefObject<HTMLButtonElement | null>;
  label: ReactNode;
  opened: boolean;
}) {
  return (
    <Tooltip target={target} label={label} opened={opened} multiline w={260} withArrow position="top-start" />
  );
}
