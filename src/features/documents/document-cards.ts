import {
  IconCertificate,
  IconClipboardCheck,
  IconFileText,
  IconHome,
  IconListNumbers,
  IconNews,
  IconUsers,
  IconWorld,
  IconWritingSign,
  type Icon,
} from '@tabler/icons-react';
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
  /** A button copies the text of the document's first section (the legal notice to paste). */
  copy?: boolean;
}

export const DOCUMENT_CARDS = documentsFile.cards as DocumentCard[];

/** The icons a card may name (schemas/documents.schema.json lists the same names). */
export const DOCUMENT_ICONS: Record<string, Icon> = {
  'file-text': IconFileText,
  certificate: IconCertificate,
  users: IconUsers,
  world: IconWorld,
  'list-numbers': IconListNumbers,
  'writing-sign': IconWritingSign,
  home: IconHome,
  news: IconNews,
  'clipboard-check': IconClipboardCheck,
};

export const DEFAULT_DOCUMENT_ICON = IconFileText;
