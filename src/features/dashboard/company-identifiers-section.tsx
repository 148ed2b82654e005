import { Alert, Anchor, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import {
  checkCompanyIdentifiers,
  spacedSiren,
  type CompanyCountry,
  type IdentifierField,
} from '@/shared/company-identifiers';
import {
  saveIdentifiers,
  type CompanyFileTimeline,
  type CompanyIdentifiersInput,
  type IdentifiersOutcome,
} from './dashboard-api';

/** Each country's fields, in the order of its registry's certificate. */
const FIELDS: Record<CompanyCountry, IdentifierField[]> = {
  FR: ['siren', 'rcsCity', 'vatNumber'],
  RO: ['tradeRegisterNumber', 'cui'],
};
const OPTIONAL: ReadonlySet<IdentifierField> = new Set(['vatNumber']);

type Identifiers = NonNullable<CompanyFileTimeline['identifiers']>;

function valuesOf(identifiers: Identifiers | null | undefined): CompanyIdentifiersInput {
  if (!identifiers) return {};
  return {
    siren: identifiers.siren ? spacedSiren(identifiers.siren) : undefined,
    rcsCity: identifiers.rcsCity,
    vatNumber: identifiers.vatNumber ?? undefined,
    tradeRegisterNumber: identifiers.tradeRegisterNumber,
    cui: identifiers.cui,
  };
}

export interface CompanyIdentifiersSectionProps {
  jurisdiction: CompanyCountry;
  identifiers: Identifiers | null | undefined;
  onTimeline: (timeline: CompanyFileTimeline) => void;
  save?: (input: CompanyIdentifiersInput) => Promise<IdentifiersOutcome>;
}

/**
 * The registered company's numbers (issue 38): once the registry has registered the company, the
 * founder copies them from the certificate (the Kbis, the certificat de înregistrare). Each is checked
 * by its check digit here and again by the server; the website's legal notice then prints them in
 * place of "being registered". Given, they show with a button to correct them.
 */
export function CompanyIdentifiersSection(props: CompanyIdentifiersSectionProps) {
  const { jurisdiction, identifiers, onTimeline, save = saveIdentifiers } = props;
  const { t } = useTranslation('dashboard');
  const titleId = useId();
  const given = identifiers?.country === jurisdiction ? identifiers : null;
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<CompanyIdentifiersInput>(() => valuesOf(given));
  const [errors, setErrors] = useState<Partial<Record<IdentifierField, string>>>({});
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const fields = FIELDS[jurisdiction];
  const showForm = editing || !given;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCompanyIdentifiers(jurisdiction, values);
    if (!checked.ok) {
      setErrors(
        Object.fromEntries(
          Object.entries(checked.problems).map(([field, problem]) => [
            field,
            t(`identifiers.errors.${field}.${problem}` as never),
          ]),
        ),
      );
      setState('idle');
      // The first field refused takes the focus, so that its message is read out.
      const first = fields.find((field) => field in checked.problems);
      if (first) document.getElementById(`identifiers-${first}`)?.focus();
      return;
    }
    setErrors({});
    setState('saving');
    const outcome = await save(values);
    if (outcome.status === 'saved') {
      onTimeline(outcome.timeline);
      setValues(valuesOf(outcome.timeline.identifiers));
      setEditing(false);
      setState('saved');
    } else if (outcome.status === 'invalid') {
      setErrors(outcome.fields as Partial<Record<IdentifierField, string>>);
      setState('idle');
      const first = fields.find((field) => field in outcome.fields);
      if (first) document.getElementById(`identifiers-${first}`)?.focus();
    } else setState('failed');
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h3" id={titleId}>
            {t('identifiers.title')}
          </Title>
          <Text c="dimmed">{t(`identifiers.lead.${jurisdiction}`)}</Text>
        </Stack>
        {showForm ? (
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Stack gap="sm">
              {fields.map((field) => (
                <TextInput
                  key={field}
                  id={`identifiers-${field}`}
                  label={t(`identifiers.fields.${field}.label`)}
                  description={t(`identifiers.fields.${field}.help`)}
                  placeholder={t(`identifiers.fields.${field}.placeholder`)}
                  required={!OPTIONAL.has(field)}
                  value={values[field] ?? ''}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setValues((current) => ({ ...current, [field]: value }));
                  }}
                  error={errors[field]}
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={field === 'rcsCity' ? 60 : 30}
                  data-testid={`identifiers-${field}`}
                />
              ))}
              <Group gap="sm">
                <Button type="submit" loading={state === 'saving'}>
                  {t('identifiers.save')}
                </Button>
                {given ? (
                  <Button
                    variant="default"
                    onClick={() => {
                      setEditing(false);
                      setErrors({});
                      setValues(valuesOf(given));
                    }}
                  >
                    {t('identifiers.cancel')}
                  </Button>
                ) : null}
              </Group>
            </Stack>
          </form>
        ) : (
          <Stack gap="xs">
            <Stack component="dl" gap={0} m={0}>
              {fields
                .filter((field) => values[field])
                .map((field) => (
                  <div key={field}>
                    <Text component="dt" size="sm" fw={700}>
                      {t(`identifiers.fields.${field}.label`)}
                    </Text>
                    <Text component="dd" m={0} mb="xs" data-testid={`identifiers-value-${field}`}>
                      {values[field]}
                    </Text>
                  </div>
                ))}
            </Stack>
            <Group>
              <Button variant="default" onClick={() => setEditing(true)}>
                {t('identifiers.edit')}
              </Button>
            </Group>
          </Stack>
        )}
        {state === 'saved' ? (
          <Text size="sm" c="green.9" fw={600} role="status">
            {t('identifiers.saved')}{' '}
            <Anchor component={Link} to={paths.createWebsite} size="sm" fw={600}>
              {t('identifiers.toWebsite')}
            </Anchor>
          </Text>
        ) : null}
        {state === 'failed' ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden="true" />}>
            <Text size="sm">{t('identifiers.failed')}</Text>
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
