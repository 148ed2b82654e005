import { Stepper } from '@mantine/core';
import { memo } from 'react';
import type { StepIcon as StepIconName } from '@/forms/form-definition';
import { useFormTranslate } from '@/forms/translation';
import { StepIcon } from './step-icon';
import classes from './wizard-progress.module.css';

interface WizardProgressProps {
  steps: readonly { id: string; title: string; icon: StepIconName }[];
  active: number;
  /** Steps up to this one can be opened from the bar (those the user has reached). */
  reachable: number;
  onSelect: (index: number) => void;
  label: string;
}

/**
 * The progress bar of spec section 2: one icon and title per step. Reached steps are buttons (Tab and
 * Enter reach them); on phones only the icons show, the page heading names the step.
 */
export const WizardProgress = memo(function WizardProgress({
  steps,
  active,
  reachable,
  onSelect,
  label,
}: WizardProgressProps) {
  const translate = useFormTranslate(['wizard']);
  return (
    <nav aria-label={label}>
      <Stepper
        active={active}
        onStepClick={onSelect}
        size="sm"
        iconSize={36}
        classNames={{ stepBody: classes.stepBody, separator: classes.separator }}
      >
        {steps.map((step, index) => (
          <Stepper.Step
            key={step.id}
            label={translate(step.title)}
            // On phones only the icons show: the step's title still names its button.
            aria-label={translate(step.title)}
            icon={<StepIcon name={step.icon} />}
            completedIcon={<StepIcon name={step.icon} />}
            allowStepSelect={index <= reachable && index !== active}
            aria-current={index === active ? 'step' : undefined}
          />
        ))}
      </Stepper>
    </nav>
  );
});
