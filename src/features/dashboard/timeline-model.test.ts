import { describe, expect, it } from 'vitest';
import type { CompanyFileEvent, CompanyFileTimeline } from './dashboard-api';
import type { RegistrationStep } from './registration-content';
import { parseStepDate, stepDateProblem } from './step-date';
import { activeIndex, hasStarted, timelineEntries } from './timeline-model';

const step = (id: string) => ({ id }) as RegistrationStep;
const STEPS = [step('first'), step('second'), step('third')];
const at = (kind: CompanyFileEvent['kind'], extra: Partial<CompanyFileEvent> = {}): CompanyFileEvent => ({
  id: `${kind}${extra.step ?? ''}${extra.doneOn ?? ''}`,
  kind,
  occurredAt: '2026-03-01T10:00:00.000Z',
  ...extra,
});
const timeline = (events: CompanyFileEvent[], submitted = false): CompanyFileTimeline => ({
  jurisdiction: 'FR',
  submitted,
  events,
});
const summary = (file: CompanyFileTimeline) =>
  timelineEntries(file, STEPS).map(
    (entry) => `${entry.kind === 'step' ? entry.step.id : entry.kind}:${entry.done ? 'done' : 'to-do'}`,
  );

describe('timelineEntries', () => {
  it('puts what happened first, then the stages ahead, then the steps', () => {
    const file = timeline([
      at('draftStarted'),
      at('paid'),
      at('stepDone', { step: 'second', doneOn: '2026-03-02' }),
    ]);
    expect(summary(file)).toEqual([
      'draftStarted:done',
      'paid:done',
      'submitted:to-do',
      'documentsReady:to-do',
      'first:to-do',
      'second:done',
      'third:to-do',
    ]);
    // The active item is the last done before the first to do.
    expect(activeIndex(timelineEntries(file, STEPS))).toBe(1);
  });

  it('moves the active item as events arrive, and keeps the latest date of a step', () => {
    const file = timeline(
      [
        at('draftStarted'),
        at('submitted'),
        at('paid'),
        at('documentsReady'),
        at('stepDone', { step: 'first', doneOn: '2026-03-02' }),
        at('stepDone', { step: 'first', doneOn: '2026-03-03' }),
      ],
      true,
    );
    const entries = timelineEntries(file, STEPS);
    expect(activeIndex(entries)).toBe(4);
    expect(entries[4]).toMatchObject({ kind: 'step', doneOn: '2026-03-03' });
    expect(activeIndex(timelineEntries({ jurisdiction: null, submitted: false, events: [] }, []))).toBe(-1);
  });

  it('shows a refund where it happened, and a file submitted before the events existed as submitted', () => {
    const file = timeline([at('paid'), at('refunded')], true);
    expect(summary(file).slice(0, 5)).toEqual([
      'draftStarted:done',
      'submitted:done',
      'paid:done',
      'refunded:done',
      'documentsReady:to-do',
    ]);
  });

  it('knows a founder who has not started', () => {
    expect(hasStarted({ jurisdiction: null, submitted: false, events: [] })).toBe(false);
    expect(hasStarted(timeline([at('draftStarted')]))).toBe(true);
  });
});

describe('step dates', () => {
  it.each([
    ['25/11/2026', '2026-11-25'],
    ['25.11.2026', '2026-11-25'],
    ['5-3-2026', '2026-03-05'],
    ['2026-03-05', '2026-03-05'],
    ['31/02/2026', null],
    ['2026', null],
    ['', null],
  ])('reads %s as %s', (input, expected) => {
    expect(parseStepDate(input)).toBe(expected);
  });

  it('refuses what the server refuses', () => {
    expect(stepDateProblem(null, '2026-11-25')).toBe('required');
    expect(stepDateProblem('2026-11-26', '2026-11-25')).toBe('future');
    expect(stepDateProblem('1999-12-31', '2026-11-25')).toBe('tooEarly');
    expect(stepDateProblem('2026-11-25', '2026-11-25')).toBeNull();
  });
});
