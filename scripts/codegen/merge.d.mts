// Types of merge.mjs for the TypeScript that imports it (the conformance oracle).

/** One difference between the two documents' event models, and how it was resolved. */
export interface Difference {
  schema: string;
  field: string;
  old: unknown;
  new: unknown;
  property?: string;
  member?: string;
  rule: string;
  take: 'older' | 'newer';
  why: string;
}

/** An OpenAPI document, as far as the merge reads it. */
export interface OpenApiDocument {
  components: { schemas: Record<string, unknown> };
  [key: string]: unknown;
}

/** The service's document with the merged event models, and the differences resolved. */
export function mergeDocuments(
  service: OpenApiDocument,
  agentServer: OpenApiDocument,
): { document: OpenApiDocument; differences: Difference[] };
