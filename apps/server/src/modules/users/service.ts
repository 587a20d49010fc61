import type { CurrentUser } from '@gewst/domain';
import { inArray } from 'drizzle-orm';
import type { JWTPayload } from 'jose';
import type { Db } from '../../db/client';
import { notFound, unauthorized, validationFailed } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/service';
import { companies } from '../companies';
import * as rolesRepo from '../roles/repo';
import { assertUserAdminRemains } from '../roles/service';
import { groupRoles, presentCurrentUser, presentUserListItem } from './presenter';
import * as repo from './repo';

export const ADMIN_ROLE_NAME = 'Administration';
const LOGIN_TOUCH_INTERVAL_MS = 60_000;

export interface IdentityOptions {
  usernameClaim: string;
  adminUsernames: readonly string[];
  /** The request that signs the user in, for the audit entry of a first sign-in. */
  requestId?: string | null;
}

function claimString(claims: JWTPayload, name: string): string | null {
  const v = claims[name];
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

/**
 * Maps a verified token to the user: created on first sign-in from the configured
 * username claim; named administrators get the Administration role at creation.
 */
export async function resolveUser(
  db: Db,
  claims: JWTPayload,
  options: IdentityOptions,
): Promise<CurrentUser> {
  const username = claimString(claims, options.usernameClaim);
  if (!username)
    throw unauthorized(`Das Token enthält keinen Benutzernamen (Claim „${options.usernameClaim}“).`);
  const profile = { name: claimString(claims, 'name'), email: claimString(claims, 'email') };
  let user = await repo.findUserByUsername(db, username);
  if (!user) {
    user = await db.transaction(async (tx) => {
      const created = await repo.insertUser(tx, { username, ...profile });
      if (!created) throw new Error('Benutzer konnte nicht angelegt werden.');
      if (options.adminUsernames.includes(username)) {
        const admin = await rolesRepo.findRoleByName(tx, ADMIN_ROLE_NAME);
        if (admin) await repo.addUserRole(tx, created.id, admin.id);
      }
      await recordAudit(
        tx,
        { userId: created.id, username, permissions: new Set(), requestId: options.requestId ?? null },
        {
          action: 'first-sign-in',
          entity: 'user',
          entityId: created.id,
          after: { username, ...profile },
        },
      );
      return created;
    });
  } else {
    const issuedAt = typeof claims.iat === 'number' ? new Date(claims.iat * 1000) : new Date();
    if (!user.last_login_at || issuedAt.getTime() - user.last_login_at.getTime() > LOGIN_TOUCH_INTERVAL_MS) {
      await repo.touchLogin(db, user.id, issuedAt, profile);
    }
  }
  const roles = groupRoles(await repo.rolesOfUsers(db, [user.id]))(user.id);
  return presentCurrentUser(user, roles);
}

export async function getCurrentUser(db: Db, userId: number): Promise<CurrentUser> {
  const user = await repo.findUserById(db, userId);
  if (!user) throw notFound('Der Benutzer');
  return presentCurrentUser(user, groupRoles(await repo.rolesOfUsers(db, [user.id]))(user.id));
}

export async function listUsers(db: Db) {
  const users = await repo.listUsers(db);
  const rolesOf = groupRoles(
    await repo.rolesOfUsers(
      db,
      users.map((u) => u.id),
    ),
  );
  return users.map((u) => presentUserListItem(u, rolesOf(u.id)));
}

export async function assignRoles(db: Db, actor: Actor, userId: number, roleIds: number[]) {
  const unique = [...new Set(roleIds)];
  const user = await repo.findUserById(db, userId);
  if (!user) throw notFound('Der Benutzer');
  const existing = await rolesRepo.existingRoleIds(db, unique);
  const missing = unique.filter((id) => !existing.includes(id));
  if (missing.length) throw validationFailed({ role_ids: [`Unbekannte Rolle(n): ${missing.join(', ')}.`] });
  await db.transaction(async (tx) => {
    const before = groupRoles(await repo.rolesOfUsers(tx, [userId]))(userId).map((r) => r.name);
    await repo.replaceUserRoles(tx, userId, unique);
    await assertUserAdminRemains(tx);
    const after = groupRoles(await repo.rolesOfUsers(tx, [userId]))(userId).map((r) => r.name);
    await recordAudit(tx, actor, {
      action: 'assign-roles',
      entity: 'user',
      entityId: userId,
      before: { roles: before },
      after: { roles: after },
    });
  });
  const [item] = (await listUsers(db)).filter((u) => u.id === userId);
  return item!;
}

/**
 * Company-scoped access of a user: null for every company (the default) or a list of
 * existing companies (400 for unknown ids); audit-logged with before and after.
 */
export async function setUserCompanies(db: Db, actor: Actor, userId: number, companyIds: number[] | null) {
  const user = await repo.findUserById(db, userId);
  if (!user) throw notFound('Der Benutzer');
  const wanted = companyIds === null ? null : [...new Set(companyIds)].sort((a, b) => a - b);
  if (wanted?.length) {
    const known = new Set(
      (await db.select({ id: companies.id }).from(companies).where(inArray(companies.id, wanted))).map(
        (r) => r.id,
      ),
    );
    const missing = wanted.filter((id) => !known.has(id));
    if (missing.length)
      throw validationFailed({ company_ids: [`Unbekannte Firma(en): ${missing.join(', ')}.`] });
  }
  await db.transaction(async (tx) => {
    await repo.setCompanyIds(tx, userId, wanted);
    await recordAudit(tx, actor, {
      action: 'set-companies',
      entity: 'user',
      entityId: userId,
      before: { company_ids: user.company_ids ?? null },
      after: { company_ids: wanted },
    });
  });
  const [item] = (await listUsers(db)).filter((u) => u.id === userId);
  return item!;
}
