import type { CompanyFileEvent, CompanyFileTimeline } from './dashboard-api';
import type { RegistrationStep } from './registration-content';

/** The stages every company file goes through on Kreo, in their usual order. */
export const MILESTONES = ['draftStarted', 'submitted', 'paid', 'documentsReady'] as const;
export type Milestone = (typeof MILESTONES)[number];

export type TimelineEntry =
  /** Something that happened (`event` is null when the file predates the events that record it). */
  | {
      key: string;
      kind: Exclude<CompanyFileEvent['kind'], 'stepDone'>;
      done: true;
      event: CompanyFileEvent | null;
    }
  /** A stage still ahead. */
  | { key: string; kind: Milestone; done: false; event: null }
  | { key: string; kind: 'step'; step: RegistrationStep; done: boolean; doneOn: string | null };

/** When each registration step was done (YYYY-MM-DD), by step id; the latest event of a step wins. */
export function stepDates(timeline: CompanyFileTimeline): Map<string, string> {
  const dates = new Map<string, string>();
  for (const event of timeline.events) {
    if (event.kind === 'stepDone' && event.step && event.doneOn) dates.set(event.step, event.doneOn);
  }
  return dates;
}

/** Whether the founder has started a company file at all (else the dashboard invites them to). */
export function hasStarted(timeline: CompanyFileTimeline): boolean {
  return timeline.events.length > 0 || timeline.submitted || timeline.jurisdiction !== null;
}

/**
 * The timeline's items: what happened, oldest first; then the stages still ahead; then the country's
 * registration steps in the content's order, each done (with its date) or to do.
 */
export function timelineEntries(
  timeline: CompanyFileTimeline,
  steps: readonly RegistrationStep[],
): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  const happened = new Set<string>();
  // A file started or submitted before events were recorded still shows those stages as done.
  const implied: Milestone[] = [];
  if (!timeline.events.some((event) => event.kind === 'draftStarted') && hasStarted(timeline))
    implied.push('draftStarted');
  if (timeline.submitted && !timeline.events.some((event) => event.kind === 'submitted'))
    implied.push('submitted');
  for (const kind of implied) {
    entries.push({ key: `implied-${kind}`, kind, done: true, event: null });
    happened.add(kind);
  }
  for (const event of timeline.events) {
    if (event.kind === 'stepDone') continue;
    entries.push({ key: event.id, kind: event.kind, done: true, event });
    happened.add(event.kind);
  }
  for (const kind of MILESTONES) {
    if (!happened.has(kind)) entries.push({ key: `ahead-${kind}`, kind, done: false, event: null });
  }
  const dates = stepDates(timeline);
  for (const step of steps) {
    const doneOn = dates.get(step.id) ?? null;
    entries.push({ key: `step-${step.id}`, kind: 'step', step, done: doneOn !== null, doneOn });
  }
  return entries;
}

/** The index Mantine's Timeline marks active: the last of the items done one after the other (-1: none). */
export function activeIndex(entries: readonly TimelineEntry[]): number {
  const firstToDo = entries.findIndex((entry) => !entry.done);
  return (firstToDo === -1 ? entries.length : firstToDo) - 1;
}
