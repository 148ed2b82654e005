/**
 * A document's name depends on the legal form: an SRL with several associates signs an act
 * constitutiv, a sole associate a statut (Legea nr. 31/1990, art. 5 alin. (2) and (3)), a French
 * company its statuts.
 * schemas/documents.json gives a card's title, and `titles` the forms whose document is named
 * otherwise; the documents page, the dashboard and the invoice name it through this.
 */
export interface TitledCard {
  /** Translation key, namespace:key. */
  title: string;
  /** Translation keys by legal form (`RO-SRL`). */
  titles?: Readonly<Record<string, string>>;
}

/** The key of the card's title for a file of `form` (`RO-SRL`), or the card's own before a form is chosen. */
export function documentTitleKey(card: TitledCard, form: string | null | undefined): string {
  return (form ? card.titles?.[form] : undefined) ?? card.title;
}
