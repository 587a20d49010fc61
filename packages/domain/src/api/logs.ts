import { z } from 'zod';
import { idSchema, isoDateSchema, pageQuerySchema } from './common';

export const auditLogSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  request_id: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogSchema>;

export const auditLogQuerySchema = pageQuerySchema.extend({
  user_id: idSchema.optional(),
  entity: z.string().trim().max(100).optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
