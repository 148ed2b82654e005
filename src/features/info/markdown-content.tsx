import { Anchor, List, Text, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Block, Inline } from '@/shared/markdown';
import type { SiteInfo, SiteInfoField } from '@/shared/site-info';
import classes from './content.module.css';

interface InlineProps {
  nodes: Inline[];
  site: SiteInfo | null;
}

function Variable({ name, site }: { name: string; site: SiteInfo | null }) {
  const { t } = useTranslation('info');
  const field = name as SiteInfoField;
  const value = site?.values[field];
  if (value === undefined) return <span className={classes.missing}>…</span>;
  const isExample = site?.examples.includes(field) ?? false;
  const shown = value.includes('@') ? (
    <Anchor href={`mailto:${value}`}>{value}</Anchor>
  ) : value.startsWith('https://') ? (
    <Anchor href={value} target="_blank" rel="noopener noreferrer">
      {value}
    </Anchor>
  ) : (
    value
  );
  return isExample ? (
    <span className={classes.example}>
      {shown} <span className={classes.exampleMark}>({t('content.example')})</span>
    </span>
  ) : (
    <>{shown}</>
  );
}

/** Inline Markdown as React elements: site links stay in the app, other links open a new tab. */
function InlineNodes({ nodes, site }: InlineProps): ReactNode {
  return nodes.map((node, index) => {
    if (node.kind === 'text') return <Fragment key={index}>{node.text}</Fragment>;
    if (node.kind === 'variable') return <Variable key={index} name={node.name} site={site} />;
    if (node.kind === 'strong')
      return (
        <strong key={index}>
          <InlineNodes nodes={node.children} site={site} />
        </strong>
      );
    const children = <InlineNodes nodes={node.children} site={site} />;
    return node.href.startsWith('/') ? (
      <Anchor key={index} component={Link} to={node.href}>
        {children}
      </Anchor>
    ) : (
      <Anchor key={index} href={node.href} target="_blank" rel="noopener noreferrer">
        {children}
      </Anchor>
    );
  });
}

/** The blocks of a content page (src/shared/markdown.ts); variables filled from the site's identity. */
export function MarkdownContent({ blocks, site }: { blocks: Block[]; site: SiteInfo | null }) {
  return (
    <div className={classes.prose}>
      {blocks.map((block, index) => {
        if (block.kind === 'heading')
          return (
            <Title key={index} order={block.level} id={block.id} className={classes.heading}>
              <InlineNodes nodes={block.children} site={site} />
            </Title>
          );
        if (block.kind === 'paragraph')
          return (
            <Text key={index} className={classes.paragraph}>
              <InlineNodes nodes={block.children} site={site} />
            </Text>
          );
        return (
          <List
            key={index}
            type={block.ordered ? 'ordered' : 'unordered'}
            className={classes.list}
            spacing={6}
          >
            {block.items.map((item, itemIndex) => (
              <List.Item key={itemIndex}>
                <InlineNodes nodes={item} site={site} />
              </List.Item>
            ))}
          </List>
        );
      })}
    </div>
  );
}
