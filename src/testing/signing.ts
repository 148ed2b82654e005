/**
 * Fixtures of the signing tests: rounds as the server sends them, the legal words the legal helper
 * writes in locales/<lang>/legal-acts.json (placeholders only where a key is still missing), and an
 * IntersectionObserver that a test drives (jsdom has none).
 */
import type { i18n as I18n } from 'i18next';
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { SigningDocument, SigningRound, SigningState } from '@/lib/signing/signing-api';

export const FILE_ID = '00000000-0000-4000-8000-000000000001';
export const STATUTS_ID = '00000000-0000-4000-8000-0000000000a1';
export const BENEFICIARIES_ID = '00000000-0000-4000-8000-0000000000a2';

export function statuts(overrides: Partial<SigningDocument> = {}): SigningDocument {
  return {
    id: STATUTS_ID,
    sku: 'LEGAL_STATUSES',
    title: 'Statuts de Kreo Labs SAS',
    language: 'fr',
    rank: 1,
    open: true,
    sha256: 'a'.repeat(64),
    sealed: false,
    signatories: [
      { personId: 'p1', name: 'Camille Dupont', role: 'associée', signedAt: null },
      { personId: 'p2', name: 'Ana Popescu', role: 'associée', signedAt: null },
    ],
    ...overrides,
  };
}

export function beneficiaries(overrides: Partial<SigningDocument> = {}): SigningDocument {
  return {
    id: BENEFICIARIES_ID,
    sku: 'LIST_OF_BENEFICIARIES',
    title: 'Déclaration des bénéficiaires effectifs',
    language: 'fr',
    rank: 2,
    open: false,
    sha256: 'b'.repeat(64),
    sealed: false,
    signatories: [{ personId: 'p1', name: 'Camille Dupont', role: 'présidente', signedAt: null }],
    ...overrides,
  };
}

export function round(overrides: Partial<SigningRound> = {}): SigningRound {
  return {
    id: '00000000-0000-4000-8000-0000000000f1',
    mode: 'electronic',
    status: 'open',
    startedAt: '2026-11-20T09:00:00.000Z',
    documents: [beneficiaries(), statuts()],
    ...overrides,
  };
}

export function signingState(overrides: Partial<SigningState> = {}): SigningState {
  return { role: 'founder', personId: 'p1', readiness: [], round: round(), ...overrides };
}

/** Words of legal-acts.json the tests read; the real ones win where the legal helper wrote them. */
const LEGAL_PLACEHOLDERS = {
  consent: {
    sign: 'I, {{name}}, sign {{documents}}.',
    readInFull: 'I have read every document in full.',
  },
  legalLevel: {
    FR: { title: 'Simple electronic signature', body: 'What it is worth.' },
    RO: { title: 'Qualified electronic signature', body: 'What it needs.' },
    sources: 'eIDAS art. 3(10)',
  },
  acts: {
    approveFile: { FR: { title: 'Approval of the file' }, RO: { title: 'Approval of the file' } },
  },
};

export function withLegalWords(i18n: I18n): I18n {
  for (const language of ['fr', 'en', 'ro'])
    i18n.addResourceBundle(language, 'legal-acts', LEGAL_PLACEHOLDERS, true, false);
  return i18n;
}

/** An IntersectionObserver whose entries the test sends: `reach(element)` says it came into view. */
export function stubIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; elements: Set<Element> }>();
  class Observer {
    readonly entry: { callback: IntersectionObserverCallback; elements: Set<Element> };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, elements: new Set() };
      observers.add(this.entry);
    }
    observe(element: Element) {
      this.entry.elements.add(element);
    }
    unobserve(element: Element) {
      this.entry.elements.delete(element);
    }
    disconnect() {
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', Observer);
  return {
    reach(element: Element) {
      act(() => {
        for (const observer of [...observers])
          if (observer.elements.has(element))
            observer.callback(
              [{ target: element, isIntersecting: true } as unknown as IntersectionObserverEntry],
              observer as unknown as IntersectionObserver,
            );
      });
    },
  };
}
