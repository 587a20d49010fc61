import { z } from 'zod';
import { PERMISSIONS } from '../permissions';
import { MAX_ID } from './common';

export const permissionSchema = z.object({
  id: z.number().int(),
  name: z.enum(PERMISSIONS),
  label: z.string(),
});
export type PermissionInfo = z.infer<typeof permissionSchema>;

/** GET /api/logout: where the browser ends the provider's session (null: nothing to end). */
export const logoutResponseSchema = z.object({ end_session_url: z.string().nullable() });
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.array(permissionSchema),
});
export type Role = z.infer<typeof roleSchema>;

export const roleInputSchema = z.object({
  name: z
    .string({ error: 'Name fehlt.' })
    .trim()
    .min(1, 'Bitte einen Rollennamen angeben.')
    .max(100, 'Höchstens 100 Zeichen.'),
  description: z
    .string()
    .trim()
    .max(500, 'Höchstens 500 Zeichen.')
    .nullish()
    .transform((v) => v || null),
  permissions: z.array(z.enum(PERMISSIONS, { error: 'Unbekanntes Recht.' }), {
    error: 'Rechte müssen eine Liste sein.',
  }),
});
export type RoleInput = z.input<typeof roleInputSchema>;

/** GET /users: the signed-in user with roles and the de-duplicated permission list. */
export const currentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  roles: z.array(roleSchema),
  permissions: z.array(z.enum(PERMISSIONS)),
  /** Companies the user may see: null = all companies; [] = none (NoPerm). */
  company_ids: z.array(z.number().int()).nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const userListItemSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  company_ids: z.array(z.number().int()).nullable(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

export const assignRolesSchema = z.object({
  role_ids: z.array(
    z
      .number({ error: 'Rollen-ID muss eine Zahl sein.' })
      .int()
      .positive()
      .max(MAX_ID, 'Die ID darf höchstens 2147483647 sein.'),
    {
      error: 'role_ids muss eine Liste sein.',
    },
  ),
});

/** PUT /users/:id/companies: all companies (null) or a list (empty: no access). */
export const userCompaniesSchema = z.object({
  company_ids: z
    .array(
      z
        .number({ error: 'Firmen-ID muss eine Zahl sein.' })
        .int('Firmen-ID muss eine ganze Zahl sein.')
        .positive('Firmen-ID muss positiv sein.')
        .max(MAX_ID, 'Die ID darf höchstens 2147483647 sein.'),
      { error: 'company_ids muss eine Liste oder null sein.' },
    )
    .max(1000, 'Höchstens 1000 Firmen.')
    .nullable(),
});
export type UserCompaniesInput = z.infer<typeof userCompaniesSchema>;
