import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, isTooMany, websiteApi, type Website, type WebsiteDomain } from './website-api';

type DomainRecord = WebsiteDomain['records'][number];

/** The refusals of a domain that have their own words under website:domain.errors. */
const INPUT_ERRORS = {
  DOMAIN_FORMAT: 'domain.errors.format',
  DOMAIN_RESERVED: 'domain.errors.reserved',
} as const;
const isInputError = (code: string | null): code is keyof typeof INPUT_ERRORS =>
  code !== null && code in INPUT_ERRORS;

export interface DomainSectionProps {
  website: Website;
  onWebsite: (website: Website) => void;
  api?: Pick<typeof websiteApi, 'setDomain' | 'verifyDomain' | 'removeDomain'>;
}

function RecordTable({ records, caption }: { records: DomainRecord[]; caption: string }) {
  const { t } = useTranslation('website');
  return (
    // Not a scrolling box (keyboard users could not scroll it): long names and values wrap.
    <Table withTableBorder verticalSpacing={6} fz="sm" captionSide="top" layout="fixed">
      <Table.Caption ta="left" c="var(--mantine-color-text)" fw={600}>
        {caption}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" w="18%">
            {t('domain.recordType')}
          </Table.Th>
          <Table.Th scope="col" w="41%">
            {t('domain.recordName')}
          </Table.Th>
          <Table.Th scope="col">{t('domain.recordValue')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {records.map((record) => (
          <Table.Tr key={`${record.type}-${record.value}`}>
            <Table.Td>{record.type}</Table.Td>
            <Table.Td>
              <Code style={{ wordBreak: 'break-all' }}>{record.name}</Code>
            </Table.Td>
            <Table.Td>
              <Code style={{ wordBreak: 'break-all' }}>{record.value}</Code>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The site's own domain: the founder types it, creates the DNS records shown (a TXT record proving
 * the domain theirs, and a CNAME or A/AAAA records pointing it at us), and asks for the check. Once
 * verified the site is answered there. Shown when the server offers domains and the package has the site.
 */
export function DomainSection({ website, onWebsite, api = websiteApi }: DomainSectionProps) {
  const { t, i18n } = useTranslation('website');
  const domain = website.customDomain;
  const [typed, setTyped] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'set' | 'verify' | 'remove' | null>(null);
  // Removing asks first: the domain stops working at once, and adding it back needs a new TXT record.
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  if (!domain || !website.canPublish) return null;

  const run = async (kind: 'set' | 'verify' | 'remove', call: () => Promise<Website>) => {
    setBusy(kind);
    setFailure(null);
    setInputError(null);
    try {
      onWebsite(await call());
      if (kind === 'set') setTyped('');
      if (kind === 'remove') setConfirmingRemoval(false);
    } catch (error) {
      const code = errorCode(error);
      if (kind === 'set' && isInputError(code)) {
        setInputError(t(INPUT_ERRORS[code]));
        input.current?.focus();
      } else if (isTooMany(error)) setFailure(t('errors.tooManyDomainChecks'));
      else if (code === 'DOMAINS_NOT_OFFERED' || code === 'WEBSITE_NOT_INCLUDED')
        setFailure(t(`errors.${code}`));
      else setFailure(t(`domain.errors.${kind}Failed`));
    } finally {
      setBusy(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!typed.trim()) {
      setInputError(t('domain.errors.required'));
      input.current?.focus();
      return;
    }
    void run('set', () => api.setDomain(typed.trim()));
  };

  const ownership = domain.records.filter((record) => record.purpose === 'ownership');
  const cname = domain.records.filter((record) => record.type === 'CNAME');
  const addresses = domain.records.filter((record) => record.type === 'A' || record.type === 'AAAA');
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' });

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="website-domain-title">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={2} fz="h3" id="website-domain-title">
            {t('domain.title')}
          </Title>
          {domain.status === 'verified' ? (
            <Badge color="green.9" variant="filled">
              {t('domain.verified')}
            </Badge>
          ) : domain.status === 'pending' ? (
            <Badge color="gray.8" variant="outline">
              {t('domain.pending')}
            </Badge>
          ) : null}
        </Group>
        {domain.name === null ? (
          <>
            <Text size="sm">{t('domain.intro')}</Text>
            <form onSubmit={submit} noValidate>
              <Stack gap="sm" align="flex-start">
                <TextInput
                  ref={input}
                  label={t('domain.label')}
                  description={t('domain.help')}
                  placeholder={t('domain.placeholder')}
                  value={typed}
                  onChange={(event) => setTyped(event.currentTarget.value)}
                  error={inputError}
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  maxLength={300}
                  w="100%"
                  maw={480}
                />
                <Button type="submit" loading={busy === 'set'}>
                  {t('domain.use')}
                </Button>
              </Stack>
            </form>
          </>
        ) : (
          <>
            <Text size="sm">
              {t('domain.current')} <strong>{domain.name}</strong>
            </Text>
            {domain.status === 'verified' && domain.url ? (
              <>
                <Text size="sm">
                  <Anchor href={domain.url} target="_blank" rel="noopener noreferrer">
                    {domain.url} <IconExternalLink size={14} aria-hidden />
                    <VisuallyHidden> {t('publish.newTab')}</VisuallyHidden>
                  </Anchor>
                </Text>
                <Text size="sm">{website.published ? t('domain.servedHelp') : t('domain.publishFirst')}</Text>
                <Text size="sm" fw={600}>
                  {t('domain.recordsVerified')}
                </Text>
              </>
            ) : (
              <Text size="sm">{t('domain.steps')}</Text>
            )}
            <RecordTable records={ownership} caption={t('domain.ownershipCaption')} />
            <RecordTable records={cname} caption={t('domain.cnameCaption')} />
            {addresses.length > 0 ? (
              <RecordTable records={addresses} caption={t('domain.addressCaption')} />
            ) : null}
            {domain.status === 'verified' ? null : (
              <Text size="sm" c="dimmed">
                {t('domain.delay')}
              </Text>
            )}
            {domain.problem ? (
              <Alert
                color={domain.status === 'verified' ? 'orange' : 'red'}
                icon={<IconAlertTriangle size={18} aria-hidden />}
                role="status"
              >
                {t(`domain.problems.${domain.problem}`, { domain: domain.name })}
              </Alert>
            ) : null}
            {domain.checkedAt ? (
              <Text size="xs" c="dimmed">
                {t('domain.checkedAt', { date: dateFormat.format(new Date(domain.checkedAt)) })}
              </Text>
            ) : null}
            <Group gap="sm">
              <Button
                onClick={() => void run('verify', api.verifyDomain)}
                loading={busy === 'verify'}
                variant={domain.status === 'verified' ? 'default' : 'filled'}
              >
                {domain.status === 'verified' ? t('domain.checkAgain') : t('domain.verify')}
              </Button>
              <Button
                onClick={() => setConfirmingRemoval(true)}
                variant="default"
                disabled={confirmingRemoval}
              >
                {t('domain.remove')}
              </Button>
            </Group>
            {confirmingRemoval ? (
              <Alert color="orange" role="alertdialog" aria-label={t('domain.remove')}>
                <Stack gap="sm">
                  <Text size="sm">{t('domain.removeConfirm', { domain: domain.name })}</Text>
                  <Group gap="sm">
                    <Button
                      color="red.9"
                      // The question just appeared where the founder clicked: its answer takes the focus.
                      autoFocus
                      onClick={() => void run('remove', api.removeDomain)}
                      loading={busy === 'remove'}
                    >
                      {t('domain.removeConfirmButton')}
                    </Button>
                    <Button variant="default" onClick={() => setConfirmingRemoval(false)}>
                      {t('domain.cancel')}
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            ) : null}
          </>
        )}
        {failure ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {failure}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
