import { Button, Text } from '@mantine/core';
import { capitalDeposit } from '../../../schemas/assistant-personal.json';
import type { CompanyFacts } from '@/shared/company-facts';
import type { LegalForm } from '@/shared/jurisdictions';
import { Line, Source } from './personal-parts';
import { parameter, usePersonalWords } from './personal-words';
import classes from './wizard-assistant.module.css';

/** Rounded up to the cent: a minimum to pay in is never rounded below the law's. */
const upToCent = (value: number) => Math.ceil(Math.round(value * 10_000) / 100) / 100;

/**
 * What to pay in for the founder's capital. France: the form's minimumPaidUpFraction of the cash
 * contributions at creation, the rest within the years of assistant-personal.json. Romania: nothing
 * before registration, then the share and the months of assistant-personal.json.
 */
export function CapitalDeposit({
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
