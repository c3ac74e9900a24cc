import type { z } from 'zod';
import { listProblems } from '../../common/validation.ts';
import { AppError } from '../errors.ts';

/** Parses a request body with a schema from common/; the first problem becomes a 400 with its code and field. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const [first] = listProblems(result.error);
  throw new AppError(first?.code ?? 'invalid-input', 400, first?.field);
}
