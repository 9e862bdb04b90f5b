import type { Page } from "../types";

interface Table {
  release: string;
  types: string[];
  parents: number[][];
  dataTypes: number[];
  properties: Record<string, [domains: number[], ranges: number[]]>;
  superseded: Record<string, string>;
  pending: string[];
  attic: string[];
}

const indexes = (field: string | undefined): number[] => (!field || field === "-" ? [] : field.split(",").map((i) => parseInt(i, 36)));

/** The generator's lines (vocabulary-data.ts says their format) as a table. */
export function parseVocabulary(text: string): Table {
  const [head, types, properties, superseded] = text.split("\n--\n").map((section) => section.split("\n"));
  const table: Table = { release: head![0]!, types: [], parents: [], dataTypes: [], properties: {}, superseded: {}, pending: [], attic: [] };
  const flag = (name: string, flags: string) => {
    if (flags.includes("p")) table.pending.push(name);
    if (flags.includes("a")) table.attic.push(name);
  };
  for (const line of types!) {
    const [name, flags, parents] = line.split(" ");
    if (flags!.includes("d")) table.dataTypes.push(table.types.length);
    table.types.push(name!);
    table.parents.push(indexes(parents));
    flag(name!, flags!);
  }
  for (const line of properties!) {
    const [name, flags, domains, ranges] = line.split(" ");
    table.properties[name!] = [indexes(domains), indexes(ranges)];
    flag(name!, flags!);
  }
  for (const line of superseded!) {
    const [term, by] = line.split(" ");
    if (term && by) table.superseded[term] = by;
  }
  return table;
}

export interface Vocabulary {
  release: string;
  isType(name: string): boolean;
  /** The type and every type above it. */
  ancestors(name: string): ReadonlySet<string>;
  isProperty(name: string): boolean;
  /** Types the property is declared on (schema:domainIncludes). */
  domains(name: string): readonly string[];
  /** What its values are expected to be (schema:rangeIncludes). */
  ranges(name: string): readonly string[];
  isDataType(name: string): boolean;
  supersededBy(term: string): string | null;
  isPending(term: string): boolean;
  /** Retired to schema.org's attic. */
  isRetired(term: string): boolean;
  /** The term as the vocabulary spells it, when only its case differs ("product" -> "Product"). */
  spelling(term: string): string | null;
}

function build(table: Table): Vocabulary {
  const typeIndex = new Map(table.types.map((name, i) => [name, i]));
  const dataTypes = new Set(table.dataTypes.map((i) => table.types[i]!));
  const ancestorCache = new Map<string, ReadonlySet<string>>();
  const ancestors = (name: string): ReadonlySet<string> => {
    const cached = ancestorCache.get(name);
    if (cached) return cached;
    const found = new Set<string>();
    const stack = [name];
    while (stack.length > 0) {
      const type = stack.pop()!;
      const index = typeIndex.get(type);
      if (index === undefined || found.has(type)) continue;
      found.add(type);
      for (const parent of table.parents[index]!) stack.push(table.types[parent]!);
    }
    ancestorCache.set(name, found);
    return found;
  };
  const names = (indexes: number[] | undefined) => (indexes ?? []).map((i) => table.types[i]!);
  const pending = new Set(table.pending);
  const attic = new Set(table.attic);
  const lower = new Map<string, string>();
  for (const term of [...table.types, ...Object.keys(table.properties)]) lower.set(term.toLowerCase(), term);
  return {
    release: table.release,
    isType: (name) => typeIndex.has(name),
    ancestors,
    isProperty: (name) => Object.hasOwn(table.properties, name),
    domains: (name) => names(Object.hasOwn(table.properties, name) ? table.properties[name]![0] : undefined),
    ranges: (name) => names(Object.hasOwn(table.properties, name) ? table.properties[name]![1] : undefined),
    isDataType: (name) => dataTypes.has(name),
    supersededBy: (term) => (Object.hasOwn(table.superseded, term) ? table.superseded[term]! : null),
    isPending: (term) => pending.has(term),
    isRetired: (term) => attic.has(term),
    spelling: (term) => lower.get(term.toLowerCase()) ?? null,
  };
}

/**
 * Where the pinned schema.org release's table comes from (the generator's text, vocabulary-data.ts): the Worker reads
 * its static asset, the command line and the package the module itself (bundled-vocabulary.ts). It is not part of the
 * Worker's script, which it would make ~22 KB heavier to start (docs/analysis.md, "Structured data"). Null when it
 * could not be read.
 */
export type SchemaVocabularySource = () => Promise<string | null>;

/** The table's file among the Worker's static assets (scripts/reference-assets.mjs writes it from vocabulary-data.ts). */
export const SCHEMA_VOCABULARY_ASSET = "schema-vocabulary.txt";

let parsed: { text: string; vocabulary: Vocabulary } | null = null;

/** The table as a vocabulary, parsed once per isolate: every page hands the same text. */
export function vocabularyFrom(text: string): Vocabulary {
  if (parsed?.text !== text) parsed = { text, vocabulary: build(parseVocabulary(text)) };
  return parsed.vocabulary;
}

/** The vocabulary the analysis gathered for the page; null when none was (the checks then say they could not judge). */
export function pageVocabulary(page: Page): Vocabulary | null {
  const text = page.fetch.schemaVocabulary;
  return text ? vocabularyFrom(text) : null;
}
