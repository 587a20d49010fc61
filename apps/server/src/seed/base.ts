import { PERMISSIONS, SEEDED_ROLES } from '@gewst/domain';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings, permissions, roles } from '../db/schema';
import { seedInterestMasterData } from '../modules/interest/service';
import { seedReferenceData } from '../modules/municipalities/reference-data';
import * as rolesRepo from '../modules/roles/repo';

/**
 * What every installation needs, idempotent: the permission catalogue always; the
 * standard roles once (an administrator may change or delete them afterwards).
 */
export async function seedBaseData(db: Db): Promise<void> {
  await db
    .insert(permissions)
    .values(PERMISSIONS.map((name) => ({ name })))
    .onConflictDoNothing({ target: permissions.name });
  await seedReferenceData(db);

  await db.transaction(async (tx) => {
    const marker = await tx.select().from(appSettings).where(eq(appSettings.key, 'seed.roles')).limit(1);
    if (marker[0]) return;
    const [existing] = await tx.select({ n: count() }).from(roles);
    if ((existing?.n ?? 0) === 0) {
      for (const role of SEEDED_ROLES) {
        const created = await rolesRepo.insertRole(tx, { name: role.name, description: role.description });
        await rolesRepo.setRolePermissions(tx, created.id, role.permissions);
      }
    }
    await tx
      .insert(appSettings)
      .values({ key: 'seed.roles', value: { at: new Date().toISOString() } })
      .onConflictDoNothing();
  });

  await seedInterestMasterData(db);
}
