import type { StepIcon as StepIconName } from '@/forms/form-definition';
import {
  IconBriefcase,
  IconBuilding,
  IconFileText,
  IconFlag,
  IconGavel,
  IconUser,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

const ICONS: Record<StepIconName, Icon> = {
  flag: IconFlag,
  user: IconUser,
  building: IconBuilding,
  briefcase: IconBriefcase,
  gavel: IconGavel,
  users: IconUsers,
  file: IconFileText,
};

/** The icon a step file names (schemas/wizard/<step>.json `icon`). */
export function StepIcon({ name, size = 18 }: { name: StepIconName; size?: number }) {
  const Component = ICONS[name];
  return <Component size={size} aria-hidden="true" />;
}
