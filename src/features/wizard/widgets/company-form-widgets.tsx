import { List, Text } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { legalForms } from '@/forms/generated/wizard-steps';
import { ChoiceCards, type Choice } from '@/forms/widgets/choice-cards';
import { displayName } from '@/lib/i18n/display-name';
import { ChooseCompanyFormContext } from './choose-company-form';
import { LegalFormChooserButton } from './legal-form-chooser';

const enumValues = (widget: WidgetProps) =>
  Array.isArray(widget.schema.enum) ? widget.schema.enum.map(String) : [];

/** `ui:widget: "jurisdiction"`: the countries of schemas/jurisdictions/, with their currency (as amounts write it) and filing language. */
export function JurisdictionWidget(props: WidgetProps) {
  const { t, i18n } = useTranslation(['jurisdictions', 'wizard']);
  // The enum is a new array at each render of the form; its contents are what matter.
  const codes = enumValues(props).join();
  const choices = useMemo<Choice[]>(
    () =>
      codes.split(',').flatMap((code) => {
        const form = legalForms.find((candidate) => candidate.jurisdiction === code);
        if (!form) return [];
        return [
          {
            value: code,
            title: t(form.jurisdictionTitle as never),
            description: t('wizard:fields.jurisdiction.choice', {
              // "lei", not Intl's "leu românesc" / "Romanian leu": the amounts' own word, as the fields write it.
              currency: t(`wizard:fields.jurisdiction.currencies.${form.currency}` as never),
              language: displayName(i18n.language, 'language', form.filingLanguage),
            }),
          },
        ];
      }),
    [codes, t, i18n.language],
  );
  return <ChoiceCards widget={props} choices={choices} />;
}

/**
 * The country whose forms the enum lists: the step's if/then narrows it to one country's forms once a
 * country is chosen; before, it lists every country's.
 */
function countryOf(codes: string[]): string | undefined {
  const countries = new Set(
    legalForms.filter((form) => codes.includes(form.code)).map((form) => form.jurisdiction),
  );
  return countries.size === 1 ? [...countries][0] : undefined;
}

/**
 * `ui:widget: "legalForm"`: the legal forms the chosen country offers (the step's if/then narrows the
 * enum), each explained in plain words: liability, associates, management, capital. Before a country
 * is chosen, a line asks for it (not every country's forms at once). Above the cards, "Help me
 * choose" opens the form chooser, whose choice sets the country and the form.
 */
export function LegalFormWidget(props: WidgetProps) {
  const { t } = useTranslation(['jurisdictions', 'wizard']);
  const codes = enumValues(props).join();
  const country = countryOf(codes.split(','));
  const chooseCompanyForm = useContext(ChooseCompanyFormContext);
  const choices = useMemo<Choice[]>(
    () =>
      // In the order of the jurisdiction files (SAS, SASU, SARL, EURL), whatever the enum's.
      legalForms
        .filter((form) => form.jurisdiction === country && codes.split(',').includes(form.code))
        .flatMap((form) => {
          const code = form.code;
          const { summary, ...points } = form.explanation;
          return [
            {
              value: code,
              title: t(form.title as never),
              description: (
                <>
                  {t(summary as never)}
                  <List size="sm" mt={6} spacing={2}>
                    {Object.entries(points).map(([point, key]) => (
                      <List.Item key={point}>
                        <strong>{t(`wizard:fields.legalForm.points.${point}` as never)}</strong>{' '}
                        {t(key as never)}
                      </List.Item>
                    ))}
                  </List>
                </>
              ),
            },
          ];
        }),
    [codes, country, t],
  );
  return (
    <ChoiceCards
      widget={props}
      choices={choices}
      before={
        chooseCompanyForm ? <LegalFormChooserButton country={country} onChoose={chooseCompanyForm} /> : null
      }
      empty={<Text c="dimmed">{t('wizard:fields.legalForm.chooseCountryFirst')}</Text>}
    />
  );
}
