import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Radio,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionLink } from '@/components/action';
import { paths } from '@/config/paths';
import { fetchOffers, formatPrice, peekOffers, type Offer } from '@/lib/catalog/catalog';
import { useRemoteList } from '@/lib/catalog/use-remote-list';
import { formatFeeAmount, formatFeeMoney } from '@/lib/format/fee-amount';
import { legalFormShortNameKey } from '@/shared/jurisdictions';
import { filingTotal } from '@/lib/filing-cost/filing-cost';
import { FILING_FORMS } from '@/lib/filing-cost/filing-forms';
import './chooser-namespace';
import { CHOOSER } from './chooser-content';
import { minimumCapital, parameterValue } from './chooser-data';
import { formatFigures, resolveFigures } from './figures';
import {
  allAnswered,
  numberedSources,
  recommend,
  type Answers,
  type ChooserCountry,
  type ChooserFile,
  type ChooserRow,
  type Figure,
  type QuestionId,
} from './recommend';
import classes from './form-chooser.module.css';

export interface FormChooserProps {
  /** A country already chosen (the wizard's file): its question is not asked again. */
  country?: string;
  /**
   * With it, the recommendation has a "Choose this form" button that calls it (the wizard); without
   * it, a link to start creating the company.
   */
  onChoose?: (country: string, form: string) => void;
  /** The level of the chooser's own headings (the page's title is one level above). */
  headingOrder?: 2 | 3;
  /** The content (schemas/form-chooser.json); tests may pass their own. */
  content?: ChooserFile;
}

type Translate = ReturnType<typeof useTranslation<['chooser', 'jurisdictions', 'marketing']>>['t'];
type MarketingTranslate = ReturnType<typeof useTranslation<'marketing'>>['t'];

/** A form's short name (SAS, SRL…) or an alternative's (PFA, II). */
function formName(t: Translate, country: string, place: ChooserCountry, code: string): string {
  return place.alternatives.includes(code)
    ? t(`chooser:alternatives.${code}.title` as never)
    : t(legalFormShortNameKey(country, code) as never);
}

/** Links to the numbered notes of `ids` ("¹ ²"), each named "Source 1". */
function References({ ids, sources, prefix }: { ids: readonly string[]; sources: string[]; prefix: string }) {
  const { t } = useTranslation('chooser');
  return (
    <>
      {ids.map((id) => {
        const number = sources.indexOf(id) + 1;
        if (number === 0) return null;
        return (
          <span key={id} className={classes.reference}>
            <a href={`#${prefix}-${number}`} aria-label={t('ui.sources.reference', { number })}>
              [{number}]
            </a>
          </span>
        );
      })}
    </>
  );
}

function Question({
  id,
  options,
  figures,
  country,
  value,
  onChange,
}: {
  id: QuestionId;
  options: readonly string[];
  /** The question's figures, formatted for its options' words. */
  figures: Record<string, string>;
  country: string | undefined;
  value: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t, i18n } = useTranslation('chooser');
  // A country's own wording, when it has one: options.<option>_<country>, i18next's context, which
  // falls back to options.<option> when the content has no variant for that country.
  // (The key is built at run time: i18next's typed `t` can check neither it nor its context.)
  const withContext = t as unknown as (key: string, options: { context?: string }) => string;
  const label = (option: string) =>
    withContext(`chooser:questions.${id}.options.${option}`, { ...figures, context: country });
  return (
    <Radio.Group
      name={`chooser-${id}`}
      label={t(`questions.${id}.title` as never)}
      // An optional explanation under the question (questions.<id>.help).
      description={
        i18n.exists(`chooser:questions.${id}.help`) ? t(`questions.${id}.help` as never) : undefined
      }
      value={value ?? null}
      onChange={onChange}
      labelProps={{ fw: 600, mb: 4 }}
    >
      <Group gap="md" mt={4}>
        {options.map((option) => (
          <Radio key={option} value={option} label={label(option)} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** The total cost of creating `form` with Kreo: its cheapest fileable offer plus the fees outside Kreo. */
function costText(
  t: Translate,
  tm: MarketingTranslate,
  language: string,
  country: string,
  code: string,
  offers: readonly Offer[],
) {
  const form = FILING_FORMS.find((candidate) => candidate.country === country && candidate.code === code);
  if (!form) return null;
  const { plan, fees, sum } = filingTotal(offers, form);
  if (!plan) return t('chooser:ui.table.noFileable');
  // Euros to Kreo and lei to Romania's bodies are shown side by side, never converted (as on /plans).
  return sum
    ? formatFeeAmount(sum, fees.currency, language, tm)
    : t('marketing:totalCost.twoCurrencies', {
        price: formatPrice(plan.price, language, plan.currency),
        fees: formatFeeAmount(fees.amount, fees.currency, language, tm),
      });
}

function CostCells({
  country,
  columns,
  place,
}: {
  country: string;
  columns: string[];
  place: ChooserCountry;
}) {
  const { t, i18n } = useTranslation(['chooser', 'jurisdictions', 'marketing']);
  const { t: tm } = useTranslation('marketing');
  const offers = useRemoteList(fetchOffers, peekOffers);
  return (
    <>
      {columns.map((code) =>
        place.alternatives.includes(code) ? (
          <NotCreated key={code} />
        ) : (
          <Table.Td key={code}>
            {offers.status === 'ready'
              ? costText(t, tm, i18n.language, country, code, offers.items)
              : offers.status === 'error'
                ? '—'
                : t('chooser:ui.table.loading')}
          </Table.Td>
        ),
      )}
    </>
  );
}

function NotCreated() {
  const { t } = useTranslation('chooser');
  return (
    <Table.Td>
      <span aria-hidden="true">—</span>{' '}
      <Text span size="sm" c="dimmed">
        {t('ui.table.notCreatedByKreo')}
      </Text>
    </Table.Td>
  );
}

function RowCells({
  row,
  country,
  place,
  columns,
  figures,
  sources,
  prefix,
}: {
  row: ChooserRow;
  country: string;
  place: ChooserCountry;
  columns: string[];
  /** The file's figures, resolved. */
  figures: Record<string, Figure>;
  sources: string[];
  prefix: string;
}) {
  const { t, i18n } = useTranslation(['chooser', 'jurisdictions', 'marketing']);
  const { t: tm } = useTranslation('marketing');
  const language = i18n.language;
  if (row.computed === 'filingCost') return <CostCells country={country} columns={columns} place={place} />;
  return (
    <>
      {columns.map((code): ReactNode => {
        if (row.computed === 'minimumCapital') {
          if (place.alternatives.includes(code)) return <NotCreated key={code} />;
          const capital = minimumCapital(country, code);
          return (
            <Table.Td key={code}>
              {capital?.value == null
                ? t('chooser:ui.table.noMinimum')
                : formatFeeMoney(capital.value, capital.currency, language, tm)}
            </Table.Td>
          );
        }
        const cell = row.cells?.[code];
        return (
          <Table.Td key={code}>
            {cell ? (
              <>
                {t(cell.text as never, formatFigures(cell.figures, figures, language))}
                <References ids={cell.sources} sources={sources} prefix={prefix} />
              </>
            ) : null}
          </Table.Td>
        );
      })}
    </>
  );
}

/**
 * The legal-form chooser (schemas/form-chooser.json): five questions, then the recommended form with
 * its reasons, the comparison of the country's forms (and of what Kreo does not create), the sources
 * as numbered notes with their date, and a line saying it is general information, not advice.
 * /choose-your-legal-form shows it, and the wizard's first step in a dialog ("Help me choose").
 */
export function FormChooser({
  country: givenCountry,
  onChoose,
  headingOrder = 2,
  content = CHOOSER,
}: FormChooserProps) {
  const { t, i18n } = useTranslation(['chooser', 'jurisdictions', 'marketing']);
  const language = i18n.language;
  const prefix = useId().replace(/:/g, '');
  const notesPrefix = `chooser-source${prefix}`;
  const [chosen, setChosen] = useState<Answers>({});
  const answers: Answers = givenCountry ? { ...chosen, country: givenCountry } : chosen;
  const country = answers.country;
  const place = country ? content.countries[country] : undefined;
  const result = recommend(content, answers);
  const figures = useMemo(() => resolveFigures(content.figures, parameterValue).figures, [content]);
  const complete = allAnswered(content, answers) && result !== null;
  const columns = place ? [...place.forms, ...place.alternatives] : [];
  const reasons = complete && result ? result.reasons : [];
  const alternativeReasons = complete && result ? result.alternatives.flatMap((entry) => entry.reasons) : [];
  const sources = place ? numberedSources([...reasons, ...alternativeReasons], place, columns) : [];
  const date = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );
  const headingId = `chooser-table${prefix}`;
  const winnerName = result && place && country ? formName(t, country, place, result.winner) : '';

  return (
    <Stack gap="xl">
      <Stack gap="md" role="group" aria-label={t('chooser:ui.questionsLabel')}>
        {content.questions
          .filter((question) => !(givenCountry && question.id === 'country'))
          .map((question) => (
            <Question
              key={question.id}
              id={question.id}
              options={question.options}
              figures={formatFigures(question.figures, figures, language)}
              country={country}
              value={answers[question.id]}
              onChange={(value) => setChosen((previous) => ({ ...previous, [question.id]: value }))}
            />
          ))}
      </Stack>

      {/* Always there, so that screen readers announce a recommendation when it appears or changes: its
          title only, not the whole card again. */}
      <VisuallyHidden aria-live="polite">
        {complete && result && place && country
          ? t('chooser:ui.recommendation.title', { form: winnerName })
          : ''}
      </VisuallyHidden>
      {complete && result && place && country ? (
        <Card withBorder padding="md" radius="md" data-testid="chooser-recommendation">
          <Stack gap="sm">
            <Title order={headingOrder} size="h3">
              {t('chooser:ui.recommendation.title', { form: winnerName })}
            </Title>
            <Text fw={600}>{t('chooser:ui.recommendation.reasons')}</Text>
            <List spacing={4}>
              {result.reasons.map((rule) => (
                <List.Item key={rule.id}>
                  {t(`chooser:reasons.${rule.id}` as never, formatFigures(rule.figures, figures, language))}
                  <References ids={rule.sources} sources={sources} prefix={notesPrefix} />
                </List.Item>
              ))}
            </List>
            {result.alternatives.map((alternative) => (
              <Alert key={alternative.code} color="yellow" variant="light">
                <Text size="sm">
                  {t('chooser:ui.recommendation.alternative', {
                    form: formName(t, country, place, alternative.code),
                  })}
                </Text>
                <Text size="sm" mt={4}>
                  {t(`chooser:alternatives.${alternative.code}.summary` as never)}
                </Text>
                {alternative.reasons.map((rule) => (
                  <Text key={rule.id} size="sm" mt={4}>
                    {t(`chooser:reasons.${rule.id}` as never, formatFigures(rule.figures, figures, language))}
                    <References ids={rule.sources} sources={sources} prefix={notesPrefix} />
                  </Text>
                ))}
              </Alert>
            ))}
            <Group>
              {onChoose ? (
                <Button onClick={() => onChoose(country, result.winner)}>
                  {t('chooser:ui.recommendation.choose')}
                </Button>
              ) : (
                <ActionLink to={paths.wizard}>{t('chooser:ui.recommendation.start')}</ActionLink>
              )}
            </Group>
          </Stack>
        </Card>
      ) : (
        <Text c="dimmed">{t('chooser:ui.answerAll')}</Text>
      )}

      {place && country ? (
        <Stack gap="sm">
          <Title order={headingOrder} id={headingId}>
            {t('chooser:ui.table.title', { country: t(`jurisdictions:${country}.title` as never) })}
          </Title>
          <div
            className={classes.scroller}
            role="region"
            aria-label={t('chooser:ui.table.scrollHint', {
              country: t(`jurisdictions:${country}.title` as never),
            })}
            tabIndex={0}
          >
            <Table className={classes.table} aria-labelledby={headingId} verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" className={classes.criterion}>
                    {t('chooser:ui.table.criterion')}
                  </Table.Th>
                  {columns.map((code) => (
                    <Table.Th
                      key={code}
                      scope="col"
                      data-form={code}
                      className={complete && result?.winner === code ? classes.winner : undefined}
                    >
                      {formName(t, country, place, code)}
                      {complete && result?.winner === code ? (
                        <Badge ml={6} size="sm" variant="filled">
                          {t('chooser:ui.table.recommended')}
                        </Badge>
                      ) : null}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {place.rows.map((row) => (
                  <Table.Tr key={row.id} data-row={row.id}>
                    <Table.Th scope="row" className={classes.criterion}>
                      {t(`chooser:rows.${row.id}` as never)}
                    </Table.Th>
                    <Suspense fallback={null}>
                      <RowCells
                        row={row}
                        country={country}
                        place={place}
                        columns={columns}
                        figures={figures}
                        sources={sources}
                        prefix={notesPrefix}
                      />
                    </Suspense>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        </Stack>
      ) : null}

      {sources.length > 0 ? (
        <Stack gap="xs">
          <Title order={headingOrder === 2 ? 3 : 4}>{t('chooser:ui.sources.title')}</Title>
          <ol className={classes.sources}>
            {sources.map((id, index) => {
              const source = content.sources[id];
              if (!source) return null;
              return (
                <li key={id} id={`${notesPrefix}-${index + 1}`}>
                  <Text size="sm" span>
                    {source.url ? (
                      <a href={source.url} target="_blank" rel="noreferrer">
                        {source.law}
                      </a>
                    ) : (
                      source.law
                    )}{' '}
                    ({t('chooser:ui.sources.checked', { date: date(source.checked) })}
                    {source.confirmed ? '' : `, ${t('chooser:ui.sources.unconfirmed')}`})
                  </Text>
                </li>
              );
            })}
          </ol>
        </Stack>
      ) : null}

      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {t('chooser:ui.reviewed', { date: date(content.reviewed) })}
        </Text>
        <Text size="sm" fw={600}>
          {t('chooser:ui.notAdvice')}
        </Text>
      </Stack>
    </Stack>
  );
}
