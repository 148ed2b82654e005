/**
 * Who signs a document: the persons its `@sign … | <personId>` lines name (schemas/documents/README.md),
 * each once, in the order the document first names them. A signature line without a person of the
 * file (a blank to fill by hand) names nobody.
 */
import type { DocumentBlock } from '../documents/document-model';

export interface Signatory {
  personId: string;
  /** As the document prints it ("Madame Camille DUPONT", "Holding SAS, représentée par …"). */
  name: string;
  /** The capacity the document prints under the name ("Associée, présidente"). */
  role: string;
}

export function signatoriesOf(blocks: readonly DocumentBlock[]): Signatory[] {
  const byPerson = new Map<string, Signatory>();
  for (const block of blocks) {
    if (block.kind !== 'signatures') continue;
    for (const signer of block.signers) {
      if (!signer.personId || byPerson.has(signer.personId)) continue;
      byPerson.set(signer.personId, { personId: signer.personId, name: signer.name, role: signer.role });
    }
  }
  return [...byPerson.values()];
}
