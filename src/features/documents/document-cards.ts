import { IconCertificate, IconFileText, IconUsers, IconWorld, type Icon } from '@tabler/icons-react';
import documentsFile from '../../../schemas/documents.json';

/** One card of /documents, as schemas/documents.json describes it (checked by `npm run check:forms`). */
export interface DocumentCard {
  id: string;
  /** Translation keys, namespace:key. */
  title: string;
  /** The title for the legal forms whose document has another name (src/shared/document-title.ts). */
  titles?: Record<string, string>;
  description: string;
  sku: string;
  action: 'download' | 'website';
  icon: string;
}

export const DOCUMENT_CARDS = documentsFile.cards as DocumentCard[];

/** The icons a card may name (schemas/documents.schema.json lists the same names). */
export const DOCUMENT_ICONS: Record<string, Icon> = {
  'file-text': IconFileText,
  certificate: IconCertificate,
  users: IconUsers,
  world: IconWorld,
};

export const DEFAULT_DOCUMENT_ICON = IconFileText;
