import { VOCABULARY } from "./vocabulary-data";
import type { SchemaVocabularySource } from "./vocabulary";

/**
 * The table from the module itself, for the command line and the package (`pagegrade/analysis` runs where no asset
 * binding exists). The Worker must not import this: its queue entry reads the same text as a static asset.
 */
export const bundledVocabulary: SchemaVocabularySource = () => Promise.resolve(VOCABULARY);
