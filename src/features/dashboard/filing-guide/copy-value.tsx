import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A button that copies one value of the guide. Its name says what it copies ("Copy: Company name");
 * once copied, the guide's one live region says so in the interface language (`onCopied`), so that a
 * screen reader hears it without the focus moving, and the icon turns to a tick for two seconds.
 */
export function CopyValue({
  value,
  label,
  onCopied,
}: {
  value: string;
  label: string;
  onCopied: (label: string) => void;
}) {
  const { t } = useTranslation('registration');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      onCopied(label);
    } catch (error) {
      // No clipboard (an old browser, a page not allowed to write it): the value stays selectable.
      console.warn('The value could not be copied.', error);
    }
  };
  const name = t(copied ? 'guide.copied' : 'guide.copy', { label });
  return (
    <Tooltip label={name} withArrow>
      <ActionIcon
        variant={copied ? 'filled' : 'light'}
        color={copied ? 'teal' : 'brand'}
        size="lg"
        aria-label={name}
        onClick={() => void copy()}
      >
        {copied ? <IconCheck size={18} aria-hidden="true" /> : <IconCopy size={18} aria-hidden="true" />}
      </ActionIcon>
    </Tooltip>
  );
}
