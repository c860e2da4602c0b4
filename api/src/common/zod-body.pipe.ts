import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { fieldIssues } from '@skillers/domain';
import type { z } from 'zod';

/**
 * Validates a request part against a shared schema. The answer carries the first message and one
 * message per field, so the web app can show each under its input.
 */
export class ZodPipe<Schema extends z.ZodType> implements PipeTransform<unknown, z.infer<Schema>> {
  constructor(private readonly schema: Schema) {}

  transform(value: unknown): z.infer<Schema> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const errors = fieldIssues(result.error);
    throw new BadRequestException({ message: errors[0]?.message ?? 'Invalid request', errors });
  }
}
