import { PERMISSIONS, SEEDED_ROLES } from '@gewst/domain';
import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import { permissions, roles } from '../modules/roles';
import { seedInterestMasterData } from '../modules/interest/service';
import { seedReferenceData } from '../modules/municipalities/reference-data';
import * as rolesRepo from '../modules/roles/repo';
import { runOnce } from '../modules/settings';

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

  await runOnce(db, 'seed.roles', async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(roles);
    if ((existing?.n ?? 0) === 0) {
      for (const role of SEEDED_ROLES) {
        const created = await rolesRepo.insertRole(tx, { name: role.name, description: role.description });
        await rolesRepo.setRolePermissions(tx, created.id, role.permissions);
      }
    }
  });

  await seedInterestMasterData(db);
}
