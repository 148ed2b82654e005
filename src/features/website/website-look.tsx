import { ActionIcon, Card, Group, Radio, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  orderedSections,
  WEBSITE_TEMPLATES,
  type WebsiteContent,
  type WebsiteSectionId,
  type WebsiteTemplate,
} from '@/shared/website';

type Edit = (edit: (content: WebsiteContent) => WebsiteContent) => void;

export interface WebsiteLookProps {
  content: WebsiteContent;
  change: Edit;
}

/** `sections` with the one at `from` moved to `to`. */
function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * The site's look (issue 38): one of three templates, and its sections in the owner's order, each shown
 * or hidden (the contact section always shows: it carries the form and the ways to reach the company).
 * A template changes the look only: switching keeps every text, photo and the order.
 */
export function WebsiteLook({ content, change }: WebsiteLookProps) {
  const { t } = useTranslation('website');
  const sections = orderedSections(content.sections);
  const name = (id: WebsiteSectionId) => t(`look.sectionNames.${id}`);
  const setSections = (next: typeof sections) => change((current) => ({ ...current, sections: next }));

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="website-look-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h3" id="website-look-title">
            {t('look.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('look.lead')}
          </Text>
        </Stack>
        <Radio.Group
          value={content.template ?? 'services'}
          onChange={(value) => change((current) => ({ ...current, template: value as WebsiteTemplate }))}
          label={t('look.template')}
          name="website-template"
        >
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt="xs">
            {WEBSITE_TEMPLATES.map((template) => (
              <Radio.Card
                key={template}
                value={template}
                radius="md"
                p="md"
                data-testid={`website-template-${template}`}
              >
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator />
                  <div>
                    <Text fw={700}>{t(`look.templates.${template}.name`)}</Text>
                    <Text size="sm" c="dimmed">
                      {t(`look.templates.${template}.description`)}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
        <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
          <Text component="legend" fw={500} size="sm" p={0}>
            {t('look.sections')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('look.sectionsHelp')}
          </Text>
          <Stack gap={4} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
            {sections.map((section, index) => (
              <Group
                key={section.id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                gap="sm"
                py={4}
                data-testid={`website-section-${section.id}`}
              >
                <Switch
                  checked={section.visible}
                  disabled={section.id === 'contact'}
                  onChange={(event) => {
                    const visible = event.currentTarget.checked;
                    setSections(
                      sections.map((item) => (item.id === section.id ? { ...item, visible } : item)),
                    );
                  }}
                  label={name(section.id)}
                  description={section.id === 'contact' ? t('look.contactAlways') : undefined}
                />
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="default"
                    size="lg"
                    disabled={index === 0}
                    aria-label={t('look.moveUp', { section: name(section.id) })}
                    onClick={() => setSections(moved(sections, index, index - 1))}
                  >
                    <IconArrowUp size={18} aria-hidden="true" />
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    disabled={index === sections.length - 1}
                    aria-label={t('look.moveDown', { section: name(section.id) })}
                    onClick={() => setSections(moved(sections, index, index + 1))}
                  >
                    <IconArrowDown size={18} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              </Group>
            ))}
          </Stack>
        </Stack>
      </Stack>
    </Card>
  );
}
