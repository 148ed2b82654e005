import { provideNamespace } from '@/lib/i18n/i18n';

/**
 * The chooser's words (locales/<lang>/chooser.json): needed by /choose-your-legal-form and the
 * wizard's "Help me choose" only. The chooser's chunk imports this module, which brings the loader,
 * so the start-up code and the landing page carry none of it.
 */
provideNamespace(
  'chooser',
  import.meta.glob<{ default: Record<string, unknown> }>('../../../locales/*/chooser.json'),
);
