/**
 * The CAEN classes of the activity a question names ("Ce cod CAEN aleg pentru o cafenea?" → 5630), first
 * in an answer on choosing a CAEN code: each class's code and name in the user's language, the
 * authorisations it needs (the CAEN field's notes, locales wizard.json fields.caen.authorisations) and a
 * link to the field. The CAEN list and the founders' words load only when such an answer is shown.
 */
import { Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCaenList, loadCaenSearch, type CaenList } from '@/lib/caen/caen-data';
import {
  authorisationsFor,
  CAEN_LANGUAGES,
  findActivityCodes,
  type CaenLanguage,
  type CaenSearchFile,
} from '@/lib/caen/caen-search';
import classes from './wizard-assistant.module.css';

/** The wizard's field the block leads to (its hint path). */
const CAEN_FIELD = 'caenMain';

const caenLanguageOf = (language: string): CaenLanguage =>
  CAEN_LANGUAGES.find((code) => language.startsWith(code)) ?? 'ro';

type Lists =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; list: CaenList; search: CaenSearchFile };

function useCaenLists(): Lists {
  const [lists, setLists] = useState<Lists>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    Promise.all([loadCaenList(), loadCaenSearch()]).then(
      ([list, search]) => live && setLists({ status: 'ready', list, search }),
      () => live && setLists({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, []);
  return lists;
}

interface CaenLookupProps {
  question: string;
  jurisdiction: 'FR' | 'RO' | null;
  onJump: (field: string) => void;
}

/** France: no code to choose, INSEE assigns the APE code. Elsewhere: the classes of the activity asked about. */
export function CaenLookup({ question, jurisdiction, onJump }: CaenLookupProps) {
  const { t } = useTranslation('assistant', { keyPrefix: 'personal.caenLookup' });
  if (jurisdiction === 'FR')
    return (
      <Text size="sm" data-testid="assistant-caen-france">
        {t('france')}
      </Text>
    );
  return <Classes question={question} canJump={jurisdiction === 'RO'} onJump={onJump} />;
}

function Classes({
  question,
  canJump,
  onJump,
}: {
  question: string;
  canJump: boolean;
  onJump: (field: string) => void;
}) {
  const { t, i18n } = useTranslation('assistant', { keyPrefix: 'personal.caenLookup' });
  const { t: tWizard } = useTranslation('wizard');
  const lists = useCaenLists();
  if (lists.status === 'loading') return <Loader size="xs" color="gray" aria-hidden="true" />;
  if (lists.status === 'failed') return <Text size="sm">{t('unavailable')}</Text>;

  const language = caenLanguageOf(i18n.language);
  const codes = findActivityCodes(lists.search, question, language);
  const jump = canJump ? (
    <Button
      variant="subtle"
      size="compact-sm"
      px={4}
      className={classes.jump}
      onClick={() => onJump(CAEN_FIELD)}
    >
      {codes.length > 0 ? t('choose') : t('search')}
    </Button>
  ) : (
    <Text size="sm">{t('chooseRomania')}</Text>
  );
  if (codes.length === 0)
    return (
      <Stack gap={2}>
        <Text size="sm" data-testid="assistant-caen-none">
          {t('none')}
        </Text>
        {jump}
      </Stack>
    );

  const byCode = new Map(lists.list.classes.map((entry) => [entry.code, entry]));
  const law = lists.list.source.law.split(';')[0] ?? lists.list.source.law;
  return (
    <>
      <Text size="sm" fw={700} data-testid="assistant-personal-headline">
        {t(codes.length === 1 ? 'foundOne' : 'foundMany')}
      </Text>
      <ul className={classes.personalList} data-testid="assistant-caen-classes">
        {codes.map((code) => {
          const entry = byCode.get(code);
          const notes = authorisationsFor(lists.search, [code]);
          return (
            <li key={code}>
              <Text size="sm" component="span" fw={600}>
                {entry ? t('class', { code, name: entry[language] }) : code}
              </Text>
              {notes.map((note) => (
                <Text key={note} size="xs" className={classes.personalSource}>
                  {tWizard(`fields.caen.authorisations.${note}` as never)}
                </Text>
              ))}
            </li>
          );
        })}
      </ul>
      {jump}
      <Text size="xs" c="dimmed" className={classes.personalSource}>
        {t('source', { revision: lists.list.revision, law })}
      </Text>
    </>
  );
}
