import type { WidgetProps } from '@rjsf/utils';
import { deferredControl, type StandInProps } from './deferred-control';
import { SearchableSelectStandIn } from './select-widget';

/**
 * While the nationalities' list loads (as soon as a form shows the field), the field is drawn closed,
 * with its id, label and errors: a click or a focus on it is done again on the list once it is there.
 * Its options are not known yet, so a chosen nationality shows once the list has loaded.
 */
function NationalityStandIn({ handoff, ...widget }: StandInProps<WidgetProps>) {
  return <SearchableSelectStandIn widget={widget} options={[]} handoff={handoff} />;
}

const DeferredNationalitySelect = deferredControl<WidgetProps>(
  () => import('./nationality-widget').then((module) => ({ default: module.NationalityWidget })),
  NationalityStandIn,
  (props) => props.id,
  'render',
);

/** The nationalities' search is the wizard's alone: the account forms (sign-up, login) do without it. */
export function NationalityWidget(props: WidgetProps) {
  return <DeferredNationalitySelect {...props} />;
}
