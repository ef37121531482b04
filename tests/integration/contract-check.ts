import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import type { TestResponse } from './harness';

/**
 * Checks answers against the served OpenAPI document (decision 070): the status must be one the operation
 * documents, and a JSON body must match that status's schema, as an outside client generated from the
 * document would expect.
 */

interface Operation {
  responses: Record<string, { content?: Record<string, unknown> }>;
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
}

/** `METHOD /path/{param}` of every documented operation. */
export const operationsOf = (doc: OpenApiDoc) =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));

const pointer = (...segments: string[]) => segments.map((s) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

export function contractChecker(doc: OpenApiDoc) {
  // Hours are multiples of 0.1: without a precision 7.6 / 0.1 = 75.99999999999999 would fail.
  const ajv = new Ajv2020({ strict: false, allErrors: true, multipleOfPrecision: 9 });
  addFormats(ajv);
  ajv.addSchema(doc as object, 'openapi.json');
  const compiled = new Map<string, ValidateFunction>();
  const succeeded = new Set<string>();
  const refused = new Set<string>();

  /** Validates one answer of `operation` (`POST /api/notes/{id}`); returns the body for the next step. */
  function check<T = unknown>(operation: string, res: TestResponse): T {
    const [method, path] = operation.split(' ');
    const op = doc.paths[path]?.[method.toLowerCase()];
    expect(op, `${operation} is not in the document`).toBeTruthy();
    const status = String(res.statusCode);
    expect(Object.keys(op.responses), `${operation} answered ${status}: ${res.body.slice(0, 300)}`).toContain(status);
    (status.startsWith('2') ? succeeded : refused).add(operation);
    if (!op.responses[status].content?.['application/json']) return undefined as T;
    const ref = `openapi.json#/${pointer('paths', path, method.toLowerCase(), 'responses', status, 'content', 'application/json', 'schema')}`;
    let validate = compiled.get(ref);
    if (!validate) compiled.set(ref, (validate = ajv.compile({ $ref: ref })));
    const body = res.json();
    expect(validate(body), `${operation} ${status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    return body as T;
  }

  return { check, succeeded, refused };
}
