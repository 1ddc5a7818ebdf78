/** The parts of the app's OpenAPI document (`app.swagger()`) the reliability suite reads. */
export interface OpenApiOperation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { securitySchemes?: Record<string, unknown> };
}

export function operationsOf(doc: OpenApiDocument) {
  return Object.entries(doc.paths).flatMap(([route, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase(), route, operation })),
  );
}
