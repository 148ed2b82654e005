import { createContext } from 'react';

/**
 * Sets the country and the legal form of the file at once (the wizard page provides it): the form
 * chooser's "Choose this form". Without it, the legal-form cards offer no chooser.
 */
export const ChooseCompanyFormContext = createContext<
  ((jurisdiction: string, legalForm: string) => void) | null
>(null);
