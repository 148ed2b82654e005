/**
 * Stands in for `markdown-to-jsx/react` (vite.config.ts alias): @rjsf/core imports it for descriptions
 * with `ui:enableMarkdownInDescription` and for a configuration error message, and our forms use neither
 * (their texts are translation keys, rendered by our templates). Plain text instead of 30 kB of parser.
 */
import type { ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return <>{children}</>;
}

export default Markdown;
