import { Alert, Button, Card, Stack, Tabs, Text, Title } from '@mantine/core';
import { memo, useMemo, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormDefinition, FormValues } from '@/forms/form-definition';
import { websiteForm } from '@/forms/generated/website';
import { websiteTextsForm } from '@/forms/generated/website-texts';
import { SchemaForm, type SchemaFormHandle } from '@/forms/schema-form';
import { WebsiteColorWidget } from '@/forms/widgets/website-color-widget';
import { LANGUAGE_NATIVE_NAMES } from '@/lib/i18n/languages';
import { SITE_LANGUAGES, type SiteLanguage, type WebsiteContent } from '@/shared/website';
import { LogoSection } from './logo-section';
import type { Website } from './website-api';
import {
  mainValues,
  textsFormName,
  textFieldName,
  textsValues,
  translatablePaths,
  withMain,
  withTexts,
} from './website-content';

/** website-texts.json once per language, each with its own name: the fields' ids differ from tab to tab. */
const TEXTS_FORMS = Object.fromEntries(
  SITE_LANGUAGES.map((language) => [language, { ...websiteTextsForm, name: textsFormName(language) }]),
) as Record<SiteLanguage, FormDefinition>;

/** The colour swatches come with the page (the renderer's own registry loads them apart). */
const WIDGETS = { websiteColor: WebsiteColorWidget };

/** The forms have no submit button: the draft saves itself. */
const NO_ACTIONS = <></>;
const ignoreSubmit = () => undefined;

type Edit = (edit: (content: WebsiteContent) => WebsiteContent) => void;

interface PartProps {
  /** The latest content, read once when the form starts: the form keeps its values afterwards. */
  current: () => WebsiteContent | null;
  change: Edit;
  handleRef: RefObject<SchemaFormHandle>;
}

const MainForm = memo(function MainForm({ current, change, handleRef }: PartProps) {
  const [start] = useState(() => {
    const content = current();
    return content ? mainValues(content) : {};
  });
  return (
    <SchemaForm
      form={websiteForm}
      widgets={WIDGETS}
      formData={start}
      onChange={(values: FormValues) => change((content) => withMain(content, values))}
      onSubmit={ignoreSubmit}
      submitLabel=""
      actions={NO_ACTIONS}
      handleRef={handleRef}
    />
  );
});

const TextsForm = memo(function TextsForm({
  language,
  current,
  change,
  handleRef,
}: PartProps & { language: SiteLanguage }) {
  const [start] = useState(() => {
    const content = current();
    return content ? textsValues(content, language) : {};
  });
  return (
    <SchemaForm
      form={TEXTS_FORMS[language]}
      formData={start}
      onChange={(values: FormValues) => change((content) => withTexts(content, language, values))}
      onSubmit={ignoreSubmit}
      submitLabel=""
      actions={NO_ACTIONS}
      handleRef={handleRef}
    />
  );
});

/**
 * A second language made easy (issue 38): an empty language starts from the first one's texts, each
 * marked "to translate" until it is changed; the texts still to translate are named here, and before
 * publishing (publish-section.tsx).
 */
function TranslationHelp(props: {
  language: SiteLanguage;
  from: SiteLanguage;
  current: () => WebsiteContent | null;
  change: Edit;
  onCopied: () => void;
}) {
  const { language, from, current, change, onCopied } = props;
  const { t } = useTranslation('website');
  const content = current();
  const texts = content?.texts[language] ?? {};
  const source = content?.texts[from] ?? {};
  const untranslated = texts.untranslated ?? [];
  const empty = translatablePaths(texts).length === 0;
  const copyable = language !== from && empty && translatablePaths(source).length > 0;
  if (copyable)
    return (
      <Alert variant="light" color="blue" mb="md" data-testid={`website-copy-texts-${language}`}>
        <Text size="sm" mb="xs">
          {t('translation.empty', { language: t(`publish.languageInText.${language}`) })}
        </Text>
        <Button
          size="xs"
          variant="light"
          onClick={() => {
            change((latest) => {
              const copied = { ...(latest.texts[from] ?? {}) };
              return {
                ...latest,
                texts: {
                  ...latest.texts,
                  [language]: { ...copied, untranslated: translatablePaths(copied) },
                },
              };
            });
            onCopied();
          }}
        >
          {t('translation.copy', { language: t(`publish.languageInText.${from}`) })}
        </Button>
      </Alert>
    );
  if (untranslated.length === 0) return null;
  return (
    <Alert variant="light" color="orange" mb="md" data-testid={`website-untranslated-${language}`}>
      <Text size="sm" fw={600}>
        {t('translation.remaining', { count: untranslated.length })}
      </Text>
      <Text size="sm">{untranslated.map((path) => textFieldName(t as never, path)).join(' · ')}</Text>
    </Alert>
  );
}

export interface WebsiteEditorProps {
  website: Website;
  languages: SiteLanguage[];
  current: () => WebsiteContent | null;
  change: Edit;
  onWebsite: (website: Website) => void;
  /** The language whose texts show (a tab per language of the site). */
  textsLanguage: SiteLanguage;
  onTextsLanguage: (language: SiteLanguage) => void;
  mainHandle: RefObject<SchemaFormHandle>;
  textsHandles: Record<SiteLanguage, RefObject<SchemaFormHandle>>;
}

/**
 * The builder's forms: the logo, the site's details (website.json) and its texts in each of its
 * languages (website-texts.json, one tab per language).
 */
export function WebsiteEditor(props: WebsiteEditorProps) {
  const { website, languages, current, change, onWebsite, textsLanguage, onTextsLanguage } = props;
  const { t } = useTranslation('website');
  // In the site's order: its main language (the first ticked) first, as its pages and switcher have them.
  const tabs = useMemo(
    () => [...new Set(languages)].filter((language) => SITE_LANGUAGES.includes(language)),
    [languages],
  );
  const active = tabs.includes(textsLanguage) ? textsLanguage : tabs[0];
  const [copies, setCopies] = useState(0);

  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="website-details-title">
        <Stack gap="md">
          <Title order={2} fz="h3" id="website-details-title">
            {t('sections.details')}
          </Title>
          <LogoSection website={website} onWebsite={onWebsite} />
          <MainForm current={current} change={change} handleRef={props.mainHandle} />
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="website-texts-title">
        <Stack gap="sm">
          <Title order={2} fz="h3" id="website-texts-title">
            {t('sections.texts')}
          </Title>
          {active ? (
            <>
              <Text size="sm" c="dimmed">
                {t('sections.textsLead')}
              </Text>
              <Tabs
                value={active}
                onChange={(value) => value && onTextsLanguage(value as SiteLanguage)}
                id="website-texts-language"
              >
                <Tabs.List aria-label={t('sections.textsTabs')}>
                  {tabs.map((language) => (
                    <Tabs.Tab key={language} value={language} data-testid={`website-texts-tab-${language}`}>
                      <span lang={language}>{LANGUAGE_NATIVE_NAMES[language]}</span>
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
                {tabs.map((language) => (
                  <Tabs.Panel key={language} value={language} pt="md">
                    <TranslationHelp
                      language={language}
                      // The site's main language (its first), whatever the tabs' order.
                      from={languages[0] ?? language}
                      current={current}
                      change={change}
                      onCopied={() => setCopies((count) => count + 1)}
                    />
                    <TextsForm
                      // A copy from another language starts the form again from the copied texts.
                      key={`${language}-${copies}`}
                      language={language}
                      current={current}
                      change={change}
                      handleRef={props.textsHandles[language]}
                    />
                  </Tabs.Panel>
                ))}
              </Tabs>
            </>
          ) : (
            <Text size="sm">{t('sections.noLanguage')}</Text>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
