import { ActionIcon } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const TooltipBubble = lazy(() => import('./tooltip-bubble'));

/**
 * The help bubble beside a field's title. It opens on hover, on keyboard focus and on click (a tap on
 * a phone), and Escape closes it; the text is also the button's description for screen readers. The
 * button is drawn at once; the bubble's code (tooltip-bubble.tsx) loads at its first opening, so a form
 * page does not download it for nothing, and a closed bubble is no markup, on the server or at hydration.
 */
export function FieldTooltip({ fieldLabel, text }: { fieldLabel: string; text: string }) {
  const { t } = useTranslation('forms');
  const tooltipId = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pinned, setPinned] = useState(false);
  const opened = hovered || focused || pinned;
  const [everOpened, setEverOpened] = useState(false);
  if (opened && !everOpened) setEverOpened(true);
  const button = useRef<HTMLButtonElement>(null);

  const close = () => {
    setHovered(false);
    setFocused(false);
    setPinned(false);
  };

  return (
    <>
      <ActionIcon
        ref={button}
        variant="subtle"
        color="gray"
        // 24 px: the smallest touch target WCAG 2.2 accepts (Mantine's "sm" is 22).
        size={24}
        radius="xl"
        aria-label={t('tooltip.label', { field: fieldLabel })}
        aria-describedby={opened ? tooltipId : undefined}
        aria-expanded={opened}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={close}
        onClick={() => setPinned((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && opened) {
            event.stopPropagation();
            close();
          }
        }}
      >
        <IconInfoCircle size={16} aria-hidden="true" />
      </ActionIcon>
      {everOpened ? (
        <Suspense fallback={null}>
          <TooltipBubble target={button} label={<span id={tooltipId}>{text}</span>} opened={opened} />
        </Suspense>
      ) : null}
    </>
  );
}
