import { Anchor, Checkbox } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import type { ReactNode } from 'react';
import { checkboxControlProps } from './control-props';

/**
 * Splits a translated label on `<name>…</name>` tags and turns each tagged part into a link to
 * `links[name]` (`ui:options.links`). Links open in a new tab so that the form keeps what was typed.
 */
export function LabelWithLinks({
  label,
  links,
}: {
  label: string;
  links: Record<string, unknown> | undefined;
}) {
  const parts: ReactNode[] = [];
  const pattern = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  for (let match = pattern.exec(label); match; match = pattern.exec(label)) {
    const [whole, name = '', text = ''] = match;
    parts.push(label.slice(last, match.index));
    const href = links?.[name];
    parts.push(
      typeof href === 'string' ? (
        <Anchor key={match.index} href={href} target="_blank" rel="noopener" inherit>
          {text}
        </Anchor>
      ) : (
        text
      ),
    );
    last = match.index + whole.length;
  }
  parts.push(label.slice(last));
  return <>{parts.filter((part) => part !== '')}</>;
}

/** A checkbox with its label beside it; the label may hold links (terms, privacy policy). */
export function CheckboxWidget(props: WidgetProps) {
  const { id, value, label, options, onChange, onBlur, onFocus } = props;
  const links =
    typeof options.links === 'object' && options.links !== null
      ? (options.links as Record<string, unknown>)
      : undefined;
  return (
    <Checkbox
      {...checkboxControlProps(props)}
      checked={value === true}
      label={<LabelWithLinks label={label} links={links} />}
      onChange={(event) => onChange(event.currentTarget.checked)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
