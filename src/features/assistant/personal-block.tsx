import entryCountries from 'virtual:knowledge-countries';
/**
 * The founder's own figures, first in an answer on what creating their company costs, the capital to
 * pay in or their managers (schemas/assistant-personal.json names those entries): computed from the
 * wizard's answers so far and the jurisdiction files, each figure with its source. Loaded with the first
 * answer that needs it (React.lazy in assistant-reply.tsx): the fees, the catalog and the rules stay out
 * of the wizard's first load.
 */
import { Button, Loader, Stack, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { capitalDeposit, managerRules } from '../../../schemas/assistant-personal.json';
import { legalForms } from '@/forms/generated/wizard-steps';
import { fetchOffers, firstPlan, formatPrice, localized, peekOffers } from '@/lib/catalog/catalog';
import { useRemoteList } from '@/lib/catalog/use-remote-list';
import { addPrice, cheapestFileable, outsideFeesTotal } from '@/lib/filing-cost/filing-cost';
import { filingFormOf } from '@/lib/filing-cost/filing-forms';
import { formatFeeAmountIn, formatFeeMoneyIn, type FeeWords } from '@/lib/format/fee-amount';
import type { CompanyFacts } from '@/shared/company-facts';
import {
  feeAmountFor,
  legalFormId,
  legalFormShortNameKey,
  type LegalForm,
  type LegalParameterName,
} from '@/shared/jurisdictions';
import { CaenLookup } from './caen-lookup';
import { Details } from './details';
import { personalKindOf, personalKindOfField, type PersonalKind } from './personal-kinds';
import classes from './wizard-assistant.module.css';

/** The wizard's fields a block may ask for, by hint path (the assistant jumps to them). */
type MissingField = 'legalForm' | 'shareCapital' | 'managers';

interface ManagerRule {
  who: 'naturalOrLegal' | 'naturalOnly' | 'associateOrNot';
  whoSource: { law: string };
  declaration: 'nonConvictionFr' | 'administratorRo';
  declarationSource: { law: string };
}
// check:forms holds the file to assistant-personal.schema.json, which these types mirror.
const MANAGER_RULES = managerRules as Record<string, ManagerRule>;

/** The words of the block (assistant.json `personal`), and the same for amounts. */
function usePersonalWords() {
  const { t, i18n } = useTranslation('assistant', { keyPrefix: 'personal' });
  const { t: tJurisdictions } = useTranslation('jurisdictions');
  // `personal.outsideFees` carries the keys and interpolations of marketing's `outsideFees`.
  const feeWords = t as unknown as FeeWords;
  const language = i18n.language;
  return {
    t,
    language,
    tJurisdictions: (key: string) => tJurisdictions(key as never),
    money: (value: number, currency: string) => formatFeeMoneyIn(value, currency, language, feeWords),
    amount: (value: Parameters<typeof formatFeeAmountIn>[0], currency: string) =>
      formatFeeAmountIn(value, currency, language, feeWords),
    percent: (fraction: number) => new Intl.NumberFormat(language, { style: 'percent' }).format(fraction),
  };
}

/** Where a figure comes from, under it. */
function Source({ law }: { law: string | undefined }) {
  const { t } = usePersonalWords();
  if (!law) return null;
  return (
    <Text size="xs" c="dimmed" className={classes.personalSource}>
      {t('source', { law })}
    </Text>
  );
}

/** A line of the block with its source. */
function Line({ children, law }: { children: ReactNode; law?: string }) {
  return (
    <li>
      <Text size="sm" component="span">
        {children}
      </Text>
      <Source law={law} />
    </li>
  );
}

/** A fact the block needs and the file lacks: what to fill in, with a link to the field. */
function Missing({ field, onJump }: { field: MissingField; onJump: (field: string) => void }) {
  const { t } = usePersonalWords();
  return (
    <Stack gap={2}>
      <Text size="sm">{t(`fill.${field}`)}</Text>
      <Button
        variant="subtle"
        size="compact-sm"
        px={4}
        className={classes.jump}
        onClick={() => onJump(field)}
      >
        {t(`goTo.${field}`)}
      </Button>
    </Stack>
  );
}

function Disclaimer() {
  const { t } = usePersonalWords();
  return (
    <Text size="xs" fw={600} className={classes.personalDisclaimer}>
      {t('disclaimer')}
    </Text>
  );
}

/** A legal parameter of the form, with its source. */
function parameter(form: LegalForm, name: LegalParameterName) {
  return form.parameters[name];
}

/**
 * What creating the founder's form costs in all: the cheapest Kreo offer it can be filed with, plus
 * the fees of its country only (the same computation as /plans' total, src/lib/filing-cost).
 */
function FilingCost({ form, formName }: { form: LegalForm; formName: string }) {
  const { t, language, tJurisdictions, amount } = usePersonalWords();
  const offers = useRemoteList(fetchOffers, peekOffers);
  const filing = filingFormOf(form.jurisdiction, form.code);
  if (!filing) return null;
  if (offers.status === 'loading') return <Loader size="xs" color="gray" aria-hidden="true" />;
  const fees = outsideFeesTotal(filing);
  const feesText = amount(fees.amount, fees.currency);
  const offer = offers.status === 'ready' ? cheapestFileable(offers.items, filing) : undefined;
  const plan = offer ? firstPlan(offer) : undefined;

  let headline: string;
  if (offer && plan) {
    const sum = addPrice(plan.price, plan.currency, fees);
    const price = formatPrice(plan.price, language, plan.currency);
    // Euros to Kreo and lei to Romania's bodies are shown side by side, never converted.
    headline = sum
      ? t('filingCost.total', { form: formName, total: amount(sum, fees.currency) })
      : t('filingCost.totalTwoCurrencies', { form: formName, price, fees: feesText });
  } else headline = t('filingCost.feesOnly', { form: formName, fees: feesText });

  return (
    <>
      <Text size="sm" fw={700} data-testid="assistant-personal-headline">
        {headline}
      </Text>
      <ul className={classes.personalList}>
        {offers.status === 'ready' ? (
          <Line>
            {offer && plan
              ? t('filingCost.offer', {
                  offer: localized(offer.name, language),
                  price: formatPrice(plan.price, language, plan.currency),
                })
              : t('filingCost.noOffer')}
          </Line>
        ) : null}
        {filing.fees.map((fee) => {
          const label = tJurisdictions(fee.label);
          const { law } = fee.source;
          if (fee.optional)
            return (
              <Line key={fee.id} law={law}>
                {t('filingCost.optional', { fee: label })}
              </Line>
            );
          if (fees.unpriced.includes(fee))
            return (
              <Line key={fee.id} law={law}>
                {t('filingCost.unpriced', { fee: label })}
              </Line>
            );
          return (
            <Line key={fee.id} law={law}>
              {t('filingCost.fee', {
                fee: label,
                amount: amount(feeAmountFor(fee, form.code), fee.currency),
              })}
            </Line>
          );
        })}
      </ul>
      {/* What each fee covers (the legal notice's flat rate is before VAT), folded; none, no fold. */}
      {filing.fees.some((fee) => fee.detail) ? (
        <Details label={t('filingCost.feeDetails')}>
          <ul className={classes.personalList}>
            {filing.fees.map((fee) =>
              fee.detail ? (
                <li key={fee.id}>
                  <Text size="sm">
                    {t('filingCost.feeDetail', {
                      fee: tJurisdictions(fee.label),
                      detail: tJurisdictions(fee.detail),
                    })}
                  </Text>
                </li>
              ) : null,
            )}
          </ul>
        </Details>
      ) : null}
    </>
  );
}

/** Rounded up to the cent: a minimum to pay in is never rounded below the law's. */
const upToCent = (value: number) => Math.ceil(Math.round(value * 10_000) / 100) / 100;

/**
 * What to pay in for the founder's capital. France: the form's minimumPaidUpFraction of the cash
 * contributions at creation, the rest within the years of assistant-personal.json. Romania: nothing
 * before registration, then the share and the months of assistant-personal.json.
 */
function CapitalDeposit({
  form,
  formName,
  facts,
  onJump,
}: {
  form: LegalForm;
  formName: string;
  facts: CompanyFacts;
  onJump: (field: string) => void;
}) {
  const { t, money, percent } = usePersonalWords();
  const cash = facts.cashCapital ?? 0;
  const currency = form.currency;
  if (form.jurisdiction === 'RO') {
    const rule = capitalDeposit.RO;
    return (
      <ul className={classes.personalList}>
        <Line law={rule.source.law}>
          <strong>{t('capitalDeposit.ro', { form: formName, capital: money(cash, currency) })}</strong>{' '}
          {t('capitalDeposit.roSchedule', {
            first: money(upToCent(cash * rule.firstFraction), currency),
            fraction: percent(rule.firstFraction),
            firstMonths: String(rule.firstWithinMonths),
            capital: money(cash, currency),
            restMonths: String(rule.restWithinMonths),
          })}
        </Line>
      </ul>
    );
  }
  const fraction = parameter(form, 'minimumPaidUpFraction');
  const share = typeof fraction?.value === 'number' ? fraction.value : 1;
  const deposit = upToCent(cash * share);
  const rule = capitalDeposit.FR;
  return (
    <ul className={classes.personalList}>
      <Line law={fraction?.source.law}>
        <strong>
          {t('capitalDeposit.fr', {
            form: formName,
            cash: money(cash, currency),
            deposit: money(deposit, currency),
            fraction: percent(share),
          })}
        </strong>
      </Line>
      {deposit < cash ? (
        <Line law={rule.source.law}>
          {t('capitalDeposit.frRest', {
            rest: money(Math.round((cash - deposit) * 100) / 100, currency),
            years: String(rule.remainderWithinYears),
          })}
        </Line>
      ) : null}
      {facts.paidAtFormation !== null && facts.paidAtFormation < deposit ? (
        // The total declared paid in, below the law's minimum for the cash subscribed: the file cannot be
        // filed as it is (the filing check also checks each subscriber's own share).
        <li>
          <Text size="sm" component="span" c="red.9" fw={600}>
            {t('capitalDeposit.shortfall', {
              paid: money(facts.paidAtFormation, currency),
              deposit: money(deposit, currency),
            })}
          </Text>
          <Source law={fraction?.source.law} />
          <Button
            variant="subtle"
            size="compact-sm"
            px={4}
            className={classes.jump}
            onClick={() => onJump('subscribers.paidAmount')}
          >
            {t('goTo.paidAmount')}
          </Button>
        </li>
      ) : facts.paidAtFormation !== null ? (
        <Line>{t('capitalDeposit.declared', { paid: money(facts.paidAtFormation, currency) })}</Line>
      ) : null}
    </ul>
  );
}

/** What the law asks of the form's managers: how many, who may be one, what each signs. */
function ManagerRules({
  form,
  formName,
  managers,
  onJump,
}: {
  form: LegalForm;
  formName: string;
  managers: number | null;
  onJump: (field: string) => void;
}) {
  const { t } = usePersonalWords();
  const rule = MANAGER_RULES[form.id];
  const minimum = parameter(form, 'minimumManagers');
  const maximum = parameter(form, 'maximumManagers');
  const title = parameter(form, 'managerTitle')?.value;
  const min = typeof minimum?.value === 'number' ? minimum.value : 1;
  const max = typeof maximum?.value === 'number' ? maximum.value : null;
  if (!rule || (title !== 'president' && title !== 'gerant' && title !== 'administrator')) return null;
  const titleOf = (count: number) => t(`managerRules.titles.${title}.${count === 1 ? 'one' : 'many'}`);
  const count =
    max === min
      ? t('managerRules.exactly', { form: formName, count: String(min), title: titleOf(min) })
      : max === null
        ? t('managerRules.atLeast', { form: formName, count: String(min), title: titleOf(min) })
        : t('managerRules.between', {
            form: formName,
            min: String(min),
            max: String(max),
            title: titleOf(max),
          });
  const declaration = t(`managerRules.declaration.${rule.declaration}`);
  return (
    <>
      <ul className={classes.personalList}>
        <Line law={minimum?.source.law}>
          <strong>{count}</strong>{' '}
          {managers === null
            ? null
            : managers === 1
              ? t('managerRules.yoursOne')
              : t('managerRules.yoursMany', { count: String(managers) })}
        </Line>
        <Line law={rule.whoSource.law}>{t(`managerRules.who.${rule.who}`)}</Line>
        <Line law={rule.declarationSource.law}>
          {managers === null
            ? t('managerRules.declarationsNone', { declaration })
            : managers === 1
              ? t('managerRules.declarationsOne', { declaration })
              : t('managerRules.declarationsMany', { declaration, count: String(managers) })}
        </Line>
      </ul>
      {managers === null ? <Missing field="managers" onJump={onJump} /> : null}
    </>
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
