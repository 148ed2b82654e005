import { Accordion } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionFrame, type SectionFrameProps } from './section-frame';
import classes from './sections.module.css';

/**
 * The FAQ accordion (spec section 2): the questions of locales/<lang>/faq.json in file order, the same
 * entries the wizard's assistant answers from. One item open at a time; clicking it again closes it.
 */
export function FaqSection(props: Omit<SectionFrameProps, 'children' | 'title'> & { title?: string }) {
  const { t } = useTranslation(['marketing', 'faq']);
  const items = Object.entries(t('faq:items', { returnObjects: true }));
  return (
    <SectionFrame {...props} title={props.title ?? t('marketing:faq.title')}>
      <Accordion
        variant="separated"
        radius="md"
        maw={820}
        w="100%"
        // On its own page the list starts at the heading's left edge; on the landing it sits under a centred one.
        mx={props.headingOrder === 1 ? 0 : 'auto'}
        order={props.headingOrder === 1 ? 2 : 3}
        classNames={{ item: classes.faqItem }}
      >
        {items.map(([id, item]) => (
          <Accordion.Item key={id} value={id}>
            <Accordion.Control fw={600}>{item.question}</Accordion.Control>
            <Accordion.Panel>{item.answer}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </SectionFrame>
  );
}
