/**
 * schemas/form-chooser.json as the chooser reads it. check:forms holds the file to its schema and to
 * the rules of scripts/forms/check-form-chooser.ts, so the cast only names what was checked.
 */
import content from '../../../schemas/form-chooser.json';
import type { ChooserFile } from './recommend';

export const CHOOSER: ChooserFile = content as unknown as ChooserFile;
