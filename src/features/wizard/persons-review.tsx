import { Alert, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { legalForms } from '@/forms/generated/wizard-steps';
import { formatExplanationParams, type Explanation } from '@/shared/beneficial-owners';
import { kindOf, personName, personsOf } from '@/shared/company-persons';
import { fileBeneficialOwners } from '@/shared/file-beneficial-owners';
import { filerNeedingMandate } from '@/shared/filing-roles';
import { legalFormOfFile, parameterValues } from '@/shared/jurisdictions';
import type { FileData } from './draft-merge';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

interface Role {
  key: string;
  params?: Record<string, string | number>;
}

/**
 * The review's first section: every person of the file with what they are in it (associate, manager,
 * a company's representative or owner, beneficial owner and why), and what the documents still need,
 * each point with its article. The rules themselves are beneficial-owners.ts's and the schemas'.
 */
export function PersonsReview({ data }: { data: FileData }) {
  const { t, i18n } = useTranslation('wizard');
  const language = i18n.language;
  const form = legalFormOfFile(legalForms, data);
  const analysis = useMemo(() => {
    if (!form) return null;
    const law = parameterValues(form);
    const threshold =
      typeof law.beneficialOwnerThresholdPercent === 'number' ? law.beneficialOwnerThresholdPercent : 25;
    return fileBeneficialOwners(data, form, threshold);
  }, [data, form]);
  if (!form || !analysis) return null;

  const managerTitle = String(parameterValues(form).managerTitle ?? 'president');
  const persons = personsOf(data);
  const names = new Map(
    persons.map((person, index) => [
      String(person.id),
      personName(person) || t('fields.person.unnamed', { number: index + 1 }),
    ]),
  );
  const roles = new Map<string, Role[]>(persons.map((person) => [String(person.id), []]));
  const add = (id: unknown, role: Role) => roles.get(String(id))?.push(role);
  const subscribers = Array.isArray(data.subscribers) ? data.subscribers.filter(isRecord) : [];
  const totalShares = subscribers.reduce(
    (sum, entry) => sum + (typeof entry.shares === 'number' ? entry.shares : 0),
    0,
  );
  // The words of the roles agree with the person (associée, présidente) and the country (parts sociales).
  const genderOf = (id: unknown) => {
    const person = persons.find((candidate) => candidate.id === id);
    return person && kindOf(person) === 'natural' && person.civility === 'F' ? 'F' : 'M';
  };
  for (const entry of subscribers) {
    const shares = typeof entry.shares === 'number' ? entry.shares : 0;
    add(entry.personId, {
      key: `review.persons.roles.associate.${form.jurisdiction}.${genderOf(entry.personId)}`,
      params: { shares, percent: totalShares > 0 ? Math.round((shares * 10_000) / totalShares) / 100 : 0 },
    });
  }
  for (const entry of Array.isArray(data.managers) ? data.managers.filter(isRecord) : [])
    add(entry.personId, { key: `review.persons.roles.manager.${managerTitle}.${genderOf(entry.personId)}` });
  add(data.directorGeneralId, {
    key: `review.persons.roles.directorGeneral.${genderOf(data.directorGeneralId)}`,
  });
  // Romania, premises lent by their owner: the owner signs the contract de comodat (Codul civil art. 2146).
  if (form.jurisdiction === 'RO' && data.registeredOfficeType === 'lent')
    add(data.registeredOfficeOwnerId, { key: 'review.persons.roles.officeOwner' });
  // Someone other than a legal representative files: the power of attorney names them.
  add(filerNeedingMandate(data), { key: 'review.persons.roles.filer' });
  for (const person of persons) {
    if (kindOf(person) !== 'legal') continue;
    const company = names.get(String(person.id)) ?? '';
    add(person.representativeId, { key: 'review.persons.roles.representative', params: { name: company } });
    for (const owner of Array.isArray(person.owners) ? person.owners.filter(isRecord) : [])
      add(owner.personId, {
        key: 'review.persons.roles.owner',
        params: { name: company, percent: typeof owner.percent === 'number' ? owner.percent : 0 },
      });
  }
  const owners = new Map(analysis.owners.map((owner) => [owner.personId, owner]));
  // Keys come from beneficial-owners.ts and this file, checked by its tests and check:locales.
  const say = (explanation: Explanation) =>
    String(t(explanation.key as never, formatExplanationParams(explanation.params, language) as never));

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="review-persons">
      <Stack gap="sm">
        <Title order={3} size="h4" id="review-persons">
          {t('review.persons.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('review.persons.lead')}
        </Text>
        {persons.map((person) => {
          const id = String(person.id);
          const owner = owners.get(id);
          const held = roles.get(id) ?? [];
          return (
            <Stack key={id} gap={4}>
              <Group gap="xs">
                <Text fw={600}>{names.get(id)}</Text>
                <Badge variant="outline" color="dark">
                  {t(`fields.person.kind.${kindOf(person)}`)}
                </Badge>
                {owner ? (
                  <Badge variant="filled" color="teal.9">
                    {t('review.persons.beneficialOwner')}
                  </Badge>
                ) : null}
              </Group>
              {held.length > 0 ? (
                <List size="sm" spacing={2}>
                  {held.map((role, index) => (
                    <List.Item key={index}>{say({ key: role.key, params: role.params ?? {} })}</List.Item>
                  ))}
                </List>
              ) : (
                <Text size="sm" c="orange.9">
                  {t('review.persons.noRole')}
                </Text>
              )}
              {owner ? (
                <List size="sm" spacing={2} aria-label={t('review.persons.beneficialOwner')}>
                  {owner.explanations.map((explanation, index) => (
                    <List.Item key={index}>{say(explanation)}</List.Item>
                  ))}
                </List>
              ) : null}
            </Stack>
          );
        })}
        {analysis.fallback ? <Text size="sm">{say(analysis.fallback)}</Text> : null}
        {analysis.problems.length > 0 ? (
          <Alert
            color={analysis.problems.some((problem) => problem.severity === 'error') ? 'red' : 'orange'}
            icon={<IconAlertTriangle aria-hidden="true" />}
            title={t('review.persons.toCheck')}
          >
            <List size="sm" spacing={4}>
              {analysis.problems.map((problem, index) => (
                <List.Item key={index}>{say(problem)}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
