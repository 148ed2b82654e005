import entryCountries from 'virtual:knowledge-countries';
/**
 * The founder's own figures, first in an answer on what creating their company costs, the capital to
 * pay in or their managers (schemas/assistant-personal.json names those entries): computed from the
 * wizard's answers so far and the jurisdiction files, each figure with its source. Loaded with the first
 * answer that needs it (React.lazy in assistant-reply.tsx): the fees, the catalog and the rules stay out
 * of the wizard's first load. Each kind of answer is its own file next to this one (personal-*.tsx).
 */
import { Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { legalForms } from '@/forms/generated/wizard-steps';
import type { CompanyFacts } from '@/shared/company-facts';
import { legalFormId, legalFormShortNameKey } from '@/shared/jurisdictions';
import { CaenLookup } from './caen-lookup';
import { CapitalDeposit } from './personal-capital-deposit';
import { FilingCost } from './personal-filing-cost';
import { personalKindOf, personalKindOfField, type PersonalKind } from './personal-kinds';
import { ManagerRules } from './personal-manager-rules';
import { Missing } from './personal-parts';
import { usePersonalWords } from './personal-words';
import classes from './wizard-assistant.module.css';

function Disclaimer() {
  const { t } = usePersonalWords();
  return (
    <Text size="xs" fw={600} className={classes.personalDisclaimer}>
      {t('disclaimer')}
    </Text>
  );
}

interface PersonalBlockProps {
  /** The top answer: an entry of the FAQ or the knowledge base, or a field's hint. */
  entry: string;
  /** Whether `entry` is a field's hint path (`caenMain`) rather than an entry id. */
  field?: boolean;
  /** The founder's question as typed: the activity a CAEN answer looks for. */
  question: string;
  facts: CompanyFacts;
  onJump: (field: string) => void;
}

/** The founder's own figures for the top answer when it has some, or what to fill in to get them. */
export default function PersonalBlock({ entry, field = false, question, facts, onJump }: PersonalBlockProps) {
  const kind = field ? personalKindOfField(entry) : personalKindOf(entry);
  // An answer about the other country's procedure (France's legal notice for a Romanian SRL) gets
  // none of the founder's figures: they would be read as that procedure's.
  const about = field ? undefined : entryCountries[entry];
  if (about && facts.jurisdiction && about !== facts.jurisdiction && kind !== 'caenLookup') return null;
  return kind ? <Block kind={kind} question={question} facts={facts} onJump={onJump} /> : null;
}

function Block({
  kind,
  question,
  facts,
  onJump,
}: { kind: PersonalKind } & Omit<PersonalBlockProps, 'entry' | 'field'>) {
  const { t, tJurisdictions } = usePersonalWords();
  const titleId = useId();
  const form =
    facts.jurisdiction && facts.legalForm
      ? legalForms.find(
          (candidate) => candidate.id === legalFormId(facts.jurisdiction ?? '', facts.legalForm ?? ''),
        )
      : undefined;
  const formName = form ? tJurisdictions(legalFormShortNameKey(form.jurisdiction, form.code)) : '';

  let body: ReactNode;
  // The CAEN classes of the activity asked about need no legal form (only the country, for France's APE).
  if (kind === 'caenLookup')
    body = (
      <>
        <CaenLookup question={question} jurisdiction={facts.jurisdiction} onJump={onJump} />
        <Disclaimer />
      </>
    );
  else if (!form) body = <Missing field="legalForm" onJump={onJump} />;
  else if (kind === 'capitalDeposit' && !facts.cashCapital)
    body = <Missing field="shareCapital" onJump={onJump} />;
  else
    body = (
      <>
        {kind === 'filingCost' ? <FilingCost form={form} formName={formName} /> : null}
        {kind === 'capitalDeposit' ? (
          <CapitalDeposit form={form} formName={formName} facts={facts} onJump={onJump} />
        ) : null}
        {kind === 'managerRules' ? (
          <ManagerRules form={form} formName={formName} managers={facts.managers} onJump={onJump} />
        ) : null}
        <Disclaimer />
      </>
    );

  return (
    // A group, not a region: two answers on the capital would be two landmarks of the same name.
    <div role="group" className={classes.personal} aria-labelledby={titleId} data-testid="assistant-personal">
      <Text size="xs" fw={700} id={titleId} className={classes.personalTitle}>
        {t(`${kind}.title`)}
      </Text>
      {body}
    </div>
  );
}
