/**
 * Who may call each operation of the API: one row per `operationId` of the OpenAPI document, one
 * column per caller, each slice stating its own (`Slice.callers`, backend/infrastructure/slices/
 * callers.ts says what an outcome means). role-matrix.int.spec.ts calls every operation as each
 * caller and compares the answer with its row; an operation without a row, or a row without an
 * operation, fails the suite.
 */
import { productSlices } from '../../backend/infrastructure/slices/product-slices';
import type { CallerOutcome, CallerOutcomes } from '../../backend/infrastructure/slices/callers';
import { type OpenApiDocument, operationsOf } from './openapi-document';

export const CALLERS = ['visitor', 'free', 'pro', 'moderator', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];
export type Outcome = CallerOutcome;

export const roleMatrix: Record<string, CallerOutcomes> = Object.assign({}, ...productSlices.map((slice) => slice.callers ?? {}));

/** The document's operations that have no row, and the rows that name no operation: both must be empty. */
export function matrixGaps(doc: OpenApiDocument, matrix: Record<string, unknown> = roleMatrix) {
  const ids = operationsOf(doc).map(({ method, route, operation }) => operation.operationId ?? `(unnamed ${method} ${route})`);
  return {
    withoutRow: ids.filter((id) => !(id in matrix)),
    withoutOperation: Object.keys(matrix).filter((id) => !ids.includes(id)),
  };
}
