import { Button, Text } from '@mantine/core';
import type { CompanyFacts } from '@/shared/company-facts';
import type { LegalForm } from '@/shared/jurisdictions';
import { minimumPaidUp, paidUpProblem } from '@/shared/paid-up';
import { Line, Source } from './personal-parts';
import { parameter, usePersonalWords } from './personal-words';
import classes from './wizard-assistant.module.css';

/** Rounded up to the cent: a minimum to pay in is never rounded below the law's. */

/** A share due after registration and the months it is due within (jurisdiction.schema.json). */
interface AfterRegistration {
  fraction: number;
  withinMonths: number;
}
const isAfterRegistration = (value: unknown): value is AfterRegistration =>
  typeof value === 'object' && value !== null && 'fraction' in value && 'withinMonths' in value;
const numberOf = (value: unknown) => (typeof value === 'number' ? value : null);

/**
 * Each subscriber whose amount paid in the filing check blocks (src/shared/paid-up.ts, the same rule),
 * named, with a link to the amounts; the total declared when none is.
 */
function Payments({
  form,
  facts,
  onJump,
}: {
  form: LegalForm;
  facts: CompanyFacts;
  onJump: (field: string) => void;
}) {
  const { t, money, percent } = usePersonalWords();
  const currency = form.currency;
  const fraction = parameter(form, 'minimumPaidUpFraction');
  const share = numberOf(fraction?.value) ?? 0;
  const wrong = facts.payments.flatMap((payment) => {
    const problem = paidUpProblem(payment.subscription, payment.paid, share);
    return problem ? [{ payment, problem }] : [];
  });
  if (wrong.length === 0)
    return facts.paidAtFormation !== null && share > 0 ? (
      <Line>{t('capitalDeposit.declared', { paid: money(facts.paidAtFormation, currency) })}</Line>
    ) : null;
  return (
    <>
      {wrong.map(({ payment, problem }) => {
        const name = payment.name || t('capitalDeposit.associate', { position: String(payment.position) });
        const words = {
          name,
          paid: money(payment.paid, currency),
          subscription: money(payment.subscription, currency),
        };
        return (
          <li key={payment.position}>
            <Text size="sm" component="span" c="red.9" fw={600}>
              {problem.code === 'paidMinimum'
                ? t('capitalDeposit.paidBelow', {
                    ...words,
                    minimum: money(problem.minimum, currency),
                    fraction: percent(share),
                  })
                : t('capitalDeposit.paidOver', words)}
            </Text>
            {problem.code === 'paidMinimum' ? <Source law={fraction?.source.law} /> : null}
          </li>
        );
      })}
      <li>
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
    </>
  );
}

/**
 * What to pay in for the founder's capital, from the legal form's parameters (schemas/jurisdictions/).
 * A share due after registration (Romania: paidUpAfterRegistration, then the rest within
 * remainderWithinMonths): nothing before it. Otherwise (France): minimumPaidUpFraction of the cash
 * contributions at creation, the rest within remainderWithinYears. Then each subscriber's own amount.
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
  const after = parameter(form, 'paidUpAfterRegistration');
  if (isAfterRegistration(after?.value)) {
    const { fraction, withinMonths } = after.value;
    const rest = parameter(form, 'remainderWithinMonths');
    return (
      <ul className={classes.personalList}>
        <Line law={after.source.law}>
          <strong>{t('capitalDeposit.ro', { form: formName, capital: money(cash, currency) })}</strong>{' '}
          {t('capitalDeposit.roSchedule', {
            first: money(minimumPaidUp(cash, fraction), currency),
            fraction: percent(fraction),
            firstMonths: String(withinMonths),
            capital: money(cash, currency),
            restMonths: String(numberOf(rest?.value) ?? ''),
          })}
        </Line>
        <Payments form={form} facts={facts} onJump={onJump} />
      </ul>
    );
  }
  const fraction = parameter(form, 'minimumPaidUpFraction');
  const share = numberOf(fraction?.value) ?? 1;
  const deposit = minimumPaidUp(cash, share);
  const years = parameter(form, 'remainderWithinYears');
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
      {deposit < cash && numberOf(years?.value) !== null ? (
        <Line law={years?.source.law}>
          {t('capitalDeposit.frRest', {
            rest: money(Math.round((cash - deposit) * 100) / 100, currency),
            years: String(years?.value),
          })}
        </Line>
      ) : null}
      <Payments form={form} facts={facts} onJump={onJump} />
    </ul>
  );
}
