// Types for scripts/lib/qa-catalogue.mjs (so TypeScript tests and vite.config.ts can import it).
import type { Plugin } from 'vite';
import type { QaCatalogue, QaOperation, QaStory } from '../../src/api/qa-scenarios';

export declare const DOC_PATH: string;
export declare const SCENARIOS_PATH: string;
export declare const VIRTUAL_ID: string;
export declare function catalogueOperations(document: unknown): QaOperation[];
export declare function firstPrefer(text: string): string | undefined;
export declare function parseScenarioRows(markdown: string): QaStory[];
export declare function buildQaCatalogue(input: {
  docText: string;
  scenariosText: string;
}): QaCatalogue;
export declare function readQaCatalogue(): QaCatalogue;
export declare function qaScenariosPlugin(): Plugin;
