import { WizardAssistant } from '@/features/assistant/wizard-assistant';
import { WizardPage } from '@/features/wizard/wizard-page';

/** /ai-powered-form: the wizard with its assistant, composed here because features never import each other. */
export function WizardRoute() {
  return <WizardPage assistant={WizardAssistant} />;
}
