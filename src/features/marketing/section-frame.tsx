import { Container, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import classes from './sections.module.css';

export interface SectionFrameProps {
  title: string;
  lead?: string;
  /** 1 when the section is the page (/services, /plans, /faq), 2 inside the landing page. */
  headingOrder: TitleOrder;
  /** Anchor for links such as /#pricing. */
  id?: string;
  /** Where the heading sits: a page's own heading starts at the left, a landing section is centred. */
  align?: 'start' | 'center';
  children: ReactNode;
}

/** A landing section or a full page built from one: heading, lead, content; named by its heading. */
export function SectionFrame({ title, lead, headingOrder, id, align, children }: SectionFrameProps) {
  const headingId = useId();
  const centred = (align ?? (headingOrder === 1 ? 'start' : 'center')) === 'center';
  return (
    <section className={classes.section} aria-labelledby={headingId} id={id}>
      <Container size="lg" py={{ base: 40, sm: 64 }}>
        <Stack gap="xl">
          <Stack gap="sm" align={centred ? 'center' : 'flex-start'} ta={centred ? 'center' : 'left'}>
            <Title
              order={headingOrder}
              id={headingId}
              fz={headingOrder === 1 ? undefined : { base: 28, sm: 34 }}
            >
              {title}
            </Title>
            {lead ? (
              <Text size="lg" c="dimmed" maw={720}>
                {lead}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Stack>
      </Container>
    </section>
  );
}
